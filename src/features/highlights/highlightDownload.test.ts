import { browserDownloadService, downloadFilename } from './highlightDownload';

describe('downloadFilename (docs/product/part-2.md §7 note)', () => {
  it.each([
    ['Summer Final', 'summer_final.mp4'],
    ['Goals! 2026 – Kim', 'goals__2026___kim.mp4'],
    ['ALLCAPS', 'allcaps.mp4'],
    ['Étoile', '_toile.mp4'],
    ['', 'highlight.mp4'],
  ])('%j → %j', (title, expected) => {
    expect(downloadFilename(title)).toBe(expected);
  });
});

describe('browserDownloadService', () => {
  it('clicks a hidden link with the URL and the download name, then removes it', () => {
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download, attached: this.isConnected });
    });
    browserDownloadService.saveFromUrl('/media/highlights/h1/download?exp=1&sig=abc', 'summer_final.mp4');
    expect(clicked).toEqual([
      { href: '/media/highlights/h1/download?exp=1&sig=abc', download: 'summer_final.mp4', attached: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
