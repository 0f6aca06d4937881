import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PanelVersion } from '@proxy/contract/schemas/versions';
import { appStore, messageAtom } from '@proxy/contract/state';
import { ALL, FakeXhr, FILE, release } from '../test/fixtures.ts';
import { chooseOption, screenTests, signIn, stubApi } from '@proxy/panel-kit/testing';
import { renderForm } from '../test/setup.tsx';
import { VersionCreate } from './VersionCreate.tsx';
import { VersionEdit } from './VersionEdit.tsx';

const renderAt = (path: string, version: PanelVersion = release(7)) =>
  renderForm(path, { list: '/en/panel/version', Create: VersionCreate, Edit: VersionEdit, loaded: version });

const field = (label: string) => screen.getAllByLabelText(label, { exact: true })[0] as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const itemOf = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;

/** Save (its name may keep antd's "loading" icon label while the spinner of a previous submit fades out). */
async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
  });
}

async function chooseFile(file: File) {
  await act(async () => {
    fireEvent.change(field('File'), { target: { files: [file] } });
  });
}

screenTests(ALL);
beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('the release form', () => {
  it('refuses a release without a code or a file on their fields, sending nothing', async () => {
    const calls = stubApi(() => ({ status: 201, body: release(9) }));
    await renderAt('/en/panel/version/add');
    type('Version name', '2.5.0');
    await save();
    expect(calls).toHaveLength(0);
    expect(within(itemOf('Version code')).getByText('This field is required.')).toBeDefined();
    expect(within(itemOf('File')).getByText('This field is required.')).toBeDefined();
  });

  it('uploads the build with a progress bar, shows its name, size and SHA-256, then creates the release with it', async () => {
    const calls = stubApi(({ body }) => ({ status: 201, body: { ...release(9), ...(body as object) } }));
    const router = await renderAt('/en/panel/version/add');
    type('Version name', '2.5.0');
    type('Version code', '250');
    await chooseFile(new File(['x'.repeat(100)], 'proxy-2.5.0.apk'));
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/panel/versions/files/');
    await act(async () => xhr.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Upload of proxy-2.5.0.apk' }) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect(screen.getByRole('status').textContent).toBe('Uploading proxy-2.5.0.apk: 40%');
    expect(screen.getByRole('button', { name: 'Cancel the upload' })).toBeDefined();
    await act(async () => xhr.answer(201, { ...FILE, id: 42, name: 'proxy-2.5.0.apk' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('proxy-2.5.0.apk')).toBeDefined();
    expect(screen.getByText('48.3 MB')).toBeDefined();
    expect(screen.getByText(FILE.sha256)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Replace the file' })).toBeDefined();
    await save();
    expect(calls.map((call) => [call.method, call.url])).toEqual([['POST', '/api/panel/versions/']]);
    expect(calls[0]?.body).toMatchObject({
      platform: 'android',
      channel: 'stable',
      version_name: '2.5.0',
      version_code: 250,
      file_id: 42,
      external_url: null,
      published: false,
      forced: false,
    });
    expect(appStore.get(messageAtom)).toMatchObject({ text: 'Created', color: 'success' });
    expect(router.state.location.pathname).toBe('/en/panel/version/9');
  });

  it('cancels an upload in flight, and shows a refused one on the field', async () => {
    stubApi(() => ({ body: release(9) }));
    await renderAt('/en/panel/version/add');
    await chooseFile(new File(['abc'], 'big.apk'));
    const first = FakeXhr.last as FakeXhr;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload' }));
    });
    expect(first.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(itemOf('File')).getByText('Upload cancelled')).toBeDefined();
    await chooseFile(new File(['abc'], 'huge.apk'));
    await act(async () => (FakeXhr.last as FakeXhr).answer(413, { detail: 'Too large.' }));
    expect(within(itemOf('File')).getByText('The file is larger than the server accepts.')).toBeDefined();
  });

  it("sends an external URL instead of a file, and shows the server's field errors on their fields", async () => {
    const calls = stubApi(() => ({
      status: 400,
      body: { version_code: ['Must be higher than 240, the highest code of Android stable.'] },
    }));
    await renderAt('/en/panel/version/add');
    await chooseOption('Platform', 'Windows');
    type('Version name', '1.3.0');
    type('Version code', '200');
    await chooseOption('Source', 'External URL');
    expect(screen.queryByLabelText('File')).toBeNull();
    type('Download URL', 'http://cdn.example.com/agent.msi');
    await save();
    // Only https is taken: refused before sending.
    expect(calls).toHaveLength(0);
    expect(within(itemOf('Download URL')).getByText('Enter a valid value.')).toBeDefined();
    type('Download URL', 'https://cdn.example.com/agent.msi');
    await save();
    expect(calls[0]?.body).toMatchObject({
      platform: 'windows',
      file_id: null,
      external_url: 'https://cdn.example.com/agent.msi',
    });
    expect(
      within(itemOf('Version code')).getByText('Must be higher than 240, the highest code of Android stable.'),
    ).toBeDefined();
  });

  it('edits a release: shows its stored file, explains the forced update, and sends the change', async () => {
    const calls = stubApi(({ body }) => ({ body: { ...release(7), ...(body as object) } }));
    await renderAt('/en/panel/version/7');
    expect(field('Version name').value).toBe('2.4.0');
    expect(screen.getByText(FILE.name)).toBeDefined();
    expect(screen.getByText(FILE.sha256)).toBeDefined();
    expect(
      screen.getByText(
        'The app refuses to run until it is updated to this version. Use it for a broken or unsafe release only.',
      ),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('switch', { name: 'Forced update' }));
    await save();
    expect(calls[0]?.method).toBe('PATCH');
    expect(calls[0]?.url).toBe('/api/panel/versions/7/');
    expect(calls[0]?.body).toMatchObject({ file_id: FILE.id, forced: true, version_code: 240 });
  });

  it('is read-only without the change permission: no save, upload or delete, fields disabled', async () => {
    signIn(['versions.view_version']);
    stubApi(() => ({ body: release(7) }));
    await renderAt('/en/panel/version/7');
    expect(screen.getByText('You can view this release but not change it.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace the file' })).toBeNull();
    expect(field('Version name').disabled).toBe(true);
    expect(screen.getByText(FILE.sha256)).toBeDefined();
  });

  it('deletes a release after a confirmation that says its file goes too, then goes back to the list', async () => {
    const calls = stubApi(({ method }) => (method === 'DELETE' ? { status: 204 } : { body: release(7) }));
    const router = await renderAt('/en/panel/version/7');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Android 2.4.0' }));
    expect(
      await screen.findByText(
        'Delete the release Android 2.4.0? Its uploaded file is deleted too. This cannot be undone.',
      ),
    ).toBeDefined();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    expect(calls.map((call) => [call.method, call.url])).toEqual([['DELETE', '/api/panel/versions/7/']]);
    expect(router.state.location.pathname).toBe('/en/panel/version');
  });
});
