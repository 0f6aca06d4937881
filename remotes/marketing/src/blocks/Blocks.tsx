import type { ReactNode } from 'react';
import type { PublicBlock } from '@proxy/contract/schemas/blocks';
import type { PublicPlan } from '@proxy/contract/schemas/plans';
import { FaqBlock } from './FaqBlock.tsx';
import { FeaturesBlock } from './FeaturesBlock.tsx';
import { HeroBlock } from './HeroBlock.tsx';
import { NewsBlock } from './NewsBlock.tsx';
import { PricesBlock } from './PricesBlock.tsx';
import { RichTextBlock } from './RichTextBlock.tsx';
import { StepsBlock } from './StepsBlock.tsx';
import { TabsBlock } from './TabsBlock.tsx';
import { VideoBlock } from './VideoBlock.tsx';

/**
 * A page's typed blocks in their order; each type has its own light component (no UI library on public pages).
 * `heroExtra` goes into the first hero block, under its text.
 */
export function Blocks({
  blocks,
  plans,
  heroExtra,
}: {
  blocks: readonly PublicBlock[];
  plans: readonly PublicPlan[];
  heroExtra?: ReactNode;
}) {
  const firstHero = blocks.findIndex((block) => block.type === 'hero');
  return blocks.map((block, index) => {
    const { id, anchor } = block;
    switch (block.type) {
      case 'hero':
        return (
          <HeroBlock key={id} data={block.data} anchor={anchor}>
            {index === firstHero ? heroExtra : null}
          </HeroBlock>
        );
      case 'features':
        return <FeaturesBlock key={id} data={block.data} anchor={anchor} />;
      case 'steps':
        return <StepsBlock key={id} data={block.data} anchor={anchor} />;
      case 'prices':
        return <PricesBlock key={id} data={block.data} anchor={anchor} plans={plans} />;
      case 'faq':
        return <FaqBlock key={id} data={block.data} anchor={anchor} />;
      case 'video':
        return <VideoBlock key={id} data={block.data} anchor={anchor} />;
      case 'tabs':
        return <TabsBlock key={id} data={block.data} anchor={anchor} />;
      case 'news':
        return <NewsBlock key={id} data={block.data} anchor={anchor} />;
      case 'richtext':
        return <RichTextBlock key={id} data={block.data} anchor={anchor} />;
    }
  });
}
