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

/** A page's typed blocks in their order; each type has its own light component (no UI library on public pages). */
export function Blocks({ blocks, plans }: { blocks: readonly PublicBlock[]; plans: readonly PublicPlan[] }) {
  return blocks.map((block) => {
    const { id, anchor } = block;
    switch (block.type) {
      case 'hero':
        return <HeroBlock key={id} data={block.data} anchor={anchor} />;
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
