/** HTML the content module rendered from our own markdown (raw HTML in sources is escaped there). */
export function Html({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'span' }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
