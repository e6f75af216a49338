import { Link } from 'react-router';
import { OPEN_LOGIN_DIALOG_EVENT } from '../account/login-dialog';
import { usePrefetch } from '../../lib/prefetch';
import { resolveUrl, TrackingEvents } from '../../lib/spec';
import { track } from '../tracking/track';
import { ContentForm } from './content-form';
import { Html } from './html';
import { Icon } from './icon';
import { PlanTable, SelfHostedPricing } from './plan-table';
import { SocialPosts } from './social-posts';
import type { Block, BlockData, Button } from './types';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = <T,>(value: unknown) => (Array.isArray(value) ? (value as T[]) : []);

/** Registration links and dialogs count as a sign-up intent. */
const isSignUp = (url: string) => /^\/(register|start-trial)\b/.test(url);
/** A contact link about a demo ("Book a demo") counts as a book-demo intent. */
const isBookDemo = (url: string) => /^\/contact\b/.test(url) && /demo/i.test(decodeURIComponent(url));
const intentOf = (url: string) =>
  isSignUp(url) ? TrackingEvents.signUpIntent : isBookDemo(url) ? TrackingEvents.bookDemoIntent : null;

export function ButtonLink({ button, large, dialog }: { button: Button; large?: boolean; dialog?: string }) {
  const prefetch = usePrefetch();
  const url = resolveUrl(button.url);
  const className = `button ${button.style === 'secondary' ? 'button--ghost' : 'button--primary'}${large ? ' button--large' : ''}`;
  if (dialog === 'register') {
    // The call-to-action's register dialog: the accounts' login/register dialog, no navigation.
    const open = () => {
      track(TrackingEvents.signUpIntent, { label: button.title });
      window.dispatchEvent(new CustomEvent(OPEN_LOGIN_DIALOG_EVENT, { detail: { sourceAction: 'start designing' } }));
    };
    return (
      <button type="button" className={className} onClick={open}>
        {button.title}
      </button>
    );
  }
  if (/^https?:\/\//.test(url) || button.target === '_blank') {
    return (
      <a className={className} href={url} target={button.target ?? '_blank'} rel="noopener">
        {button.title}
      </a>
    );
  }
  return (
    <Link
      className={className}
      to={url}
      prefetch={prefetch}
      onClick={() => {
        const intent = intentOf(url);
        if (intent) track(intent, { label: button.title });
      }}
    >
      {button.title}
    </Link>
  );
}

function SectionHead({ block }: { block: Block }) {
  if (!block.title && !block.text) return null;
  return (
    <header className="section__head">
      {block.title ? <h2>{text(block.title)}</h2> : null}
      {block.text ? <Html className="section__lead prose" html={text(block.text)} /> : null}
    </header>
  );
}

function Hero({ block, first }: { block: Block; first: boolean }) {
  const Heading = first ? 'h1' : 'h2';
  return (
    <section className={`hero-block${block.image ? ' hero-block--image' : ''}`}>
      <div className="hero-block__text">
        {block.eyebrow ? <p className="eyebrow">{text(block.eyebrow)}</p> : null}
        <Heading>{text(block.title)}</Heading>
        <Html className="hero-block__lead prose" html={text(block.text)} />
        <div className="hero-block__actions">
          {list<Button>(block.buttons).map((b) => (
            <ButtonLink key={b.title} button={b} large />
          ))}
        </div>
      </div>
      {block.image ? <img className="hero-block__image" src={text(block.image)} alt={text(block.imageAlt)} width={560} height={400} fetchPriority="high" /> : null}
    </section>
  );
}

function Cta({ block, data }: { block: Block; data: BlockData }) {
  const own = Boolean(block.title || block.text || block.buttons);
  const buttons: (Button & { dialog?: string })[] = own
    ? list<Button>(block.buttons)
    : (data.cta?.cta_action ?? []).map((a, i) => ({ ...a.button_link, style: i ? 'secondary' : 'primary', dialog: a.dialog_type }));
  const html = own ? text(block.text) : (data.cta?.cta_description ?? '');
  const image = own ? null : data.cta?.image;
  // Nothing to say or do: no section at all rather than an empty coloured box.
  if (!block.title && !html.trim() && buttons.length === 0) return null;
  return (
    <section className="cta-block">
      <div>
        {block.title ? <h2>{text(block.title)}</h2> : null}
        <Html className="prose" html={html} />
        <div className="hero-block__actions">
          {buttons.map((b) => (
            <ButtonLink key={b.title} button={b} dialog={b.dialog} />
          ))}
        </div>
      </div>
      {image?.url ? <img src={image.url} alt={image.alt} width={image.sizes.thumbnail_width} height={image.sizes.thumbnail_height} loading="lazy" /> : null}
    </section>
  );
}

function PartnerCards({ block, data, logosOnly }: { block: Block; data: BlockData; logosOnly?: boolean }) {
  const wanted = list<string>(block.partners);
  const partners = (data.partners ?? []).filter((p) => (logosOnly ? wanted.includes(p.slug) : !block.kind || p.kind === block.kind));
  if (partners.length === 0) return null; // a heading over nothing reads as a broken page
  return (
    <section className="section">
      <SectionHead block={block} />
      <ul className={logosOnly ? 'logos' : 'card-grid card-grid--3'}>
        {partners.map((p) => (
          <li key={p.slug} className={logosOnly ? 'logos__item' : 'card'}>
            {p.logo ? <img src={p.logo} alt={logosOnly ? p.name : ''} width={160} height={48} loading="lazy" /> : logosOnly ? <span className="logos__name">{p.name}</span> : null}
            {logosOnly ? null : (
              <>
                <h3>
                  <a href={p.url} rel="noopener" target="_blank">
                    {p.name}
                  </a>
                </h3>
                <p>{p.description}</p>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BlockView({ block, index, data, body }: { block: Block; index: number; data: BlockData; body: string }) {
  switch (block.type) {
    case 'hero':
      return <Hero block={block} first={index === 0} />;
    case 'featureGrid':
      return (
        <section className="section">
          <SectionHead block={block} />
          <ul className={`card-grid card-grid--${Number(block.columns ?? 3)}`}>
            {list<{ icon: string; title: string; text: string; link?: Button }>(block.items).map((item) => (
              <li key={item.title} className="card">
                <span className="card__icon">
                  <Icon name={item.icon} />
                </span>
                <h3>{item.title}</h3>
                <Html className="prose" html={item.text} />
                {item.link ? (
                  <Link className="card__link" to={resolveUrl(item.link.url)}>
                    {item.link.title} →
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      );
    case 'steps':
      return (
        <section className="section">
          <SectionHead block={block} />
          <ol className="steps">
            {list<{ title: string; text: string }>(block.items).map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <Html className="prose" html={item.text} />
              </li>
            ))}
          </ol>
        </section>
      );
    case 'stats':
      return (
        <section className="section">
          <SectionHead block={block} />
          <dl className="stats">
            {list<{ value: string; label: string }>(block.items).map((item) => (
              <div key={item.label}>
                <dt>{item.value}</dt>
                <dd>{item.label}</dd>
              </div>
            ))}
          </dl>
        </section>
      );
    case 'richText':
      return (
        <section className="section section--narrow">
          {block.title ? <h2>{text(block.title)}</h2> : null}
          <Html className="prose" html={text(block.text)} />
        </section>
      );
    case 'code':
      return (
        <section className="section section--narrow">
          <SectionHead block={block} />
          <pre className="code-block">
            <code data-language={text(block.language)}>{text(block.code)}</code>
          </pre>
        </section>
      );
    case 'cta':
      return <Cta block={block} data={data} />;
    case 'faq':
      return (
        <section className="section section--narrow">
          <SectionHead block={{ ...block, text: '' }} />
          <div className="faq">
            {faqItems(block, data).map((item) => (
              <details key={item.question}>
                <summary>{item.question}</summary>
                <Html className="prose" html={item.answer} />
              </details>
            ))}
          </div>
        </section>
      );
    case 'testimonials':
      return (
        <section className="section">
          <SectionHead block={block} />
          <ul className="card-grid card-grid--3">
            {list<{ quote: string; name: string; role: string }>(block.items).map((item) => (
              <li key={item.name} className="card testimonial">
                <blockquote>“{item.quote}”</blockquote>
                <p className="testimonial__who">
                  <strong>{item.name}</strong>, {item.role}
                </p>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'logos':
      return <PartnerCards block={block} data={data} logosOnly />;
    case 'partnersList':
      return <PartnerCards block={block} data={data} />;
    case 'socialPosts':
      return (
        <section className="section">
          <SectionHead block={block} />
          <SocialPosts posts={data.socialPosts ?? []} />
        </section>
      );
    case 'planTable':
      return (
        <section className="section">
          <SectionHead block={block} />
          <PlanTable plans={data.plans ?? []} billingEnabled={data.billingEnabled ?? true} />
        </section>
      );
    case 'form':
      return (
        <section className="section section--narrow">
          <SectionHead block={block} />
          <ContentForm form={block.form === 'whitepaper' ? 'whitepaper' : 'contact'} submitLabel={text(block.submitLabel) || 'Send'} />
        </section>
      );
    case 'jobsList':
      return (
        <section className="section section--narrow">
          <SectionHead block={block} />
          <ul className="job-list">
            {(data.jobs ?? []).map((job) => (
              <li key={job.slug}>
                <Link to={`/careers/job/${job.slug}`}>
                  <strong>{job.title}</strong>
                  <span>
                    {job.department} · {job.location} · {job.type}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'content':
      return body ? <Html className="section section--narrow prose" html={body} /> : null;
    default:
      return null;
  }
}

/**
 * A FAQ block's questions. An item marked `billing: true` talks about trials, prices or payment:
 * where billing is off (a self-hosted instance) there is none of that, so the item is left out.
 */
function faqItems(block: Block, data: BlockData) {
  const items = list<{ question: string; answer: string; billing?: boolean }>(block.items);
  return data.billingEnabled === false ? items.filter((item) => !item.billing) : items;
}

/** A page's blocks in order; the markdown body goes where a `content` block stands, else last. */
export function Blocks({ blocks, data, body }: { blocks: Block[]; data: BlockData; body: string }) {
  const hasContent = blocks.some((b) => b.type === 'content');
  // The pricing page with billing off (self-hosted) leads with that notice: no trial hero, no trial call to action.
  const selfHosted = data.billingEnabled === false && blocks.some((b) => b.type === 'planTable');
  const shown = selfHosted ? blocks.filter((b) => b.type !== 'hero' && b.type !== 'cta') : blocks;
  return (
    <>
      {selfHosted ? <SelfHostedPricing /> : null}
      {shown.map((block, index) => (
        <BlockView key={index} block={block} index={index} data={data} body={body} />
      ))}
      {!hasContent && body ? <Html className="section section--narrow prose" html={body} /> : null}
    </>
  );
}

/** Blocks that need data beyond their own fields, for the page loader. */
export function blockNeeds(blocks: Block[]) {
  const types = new Set(blocks.map((b) => b.type));
  return {
    jobs: types.has('jobsList'),
    partners: types.has('logos') || types.has('partnersList'),
    socialPostIds: blocks.filter((b) => b.type === 'socialPosts').flatMap((b) => list<string>(b.ids)),
    socialPosts: types.has('socialPosts'),
    cta: blocks.some((b) => b.type === 'cta' && !b.title && !b.text && !b.buttons),
    // The plan table, and a FAQ with billing items (left out where billing is off), need the catalogue.
    plans:
      types.has('planTable') ||
      blocks.some((b) => b.type === 'faq' && list<{ billing?: boolean }>(b.items).some((item) => item.billing)),
  };
}
