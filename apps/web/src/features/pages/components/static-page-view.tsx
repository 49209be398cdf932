import { messages } from '@shop/contracts/messages';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/static-page.css';
import { staticPages } from '@shop/contracts/legal-pages/registry';
import type { Block } from '@shop/contracts/legal-pages/types';
import type { ReactNode } from 'react';
import { useCompany } from '../api/get-config';
import type { StaticSlug } from '../content/footer-links';

function PageBlock({ block }: { block: Block }) {
  if (block.kind === 'p') return <p>{block.text}</p>;
  return (
    <ul>
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const blockKey = (block: Block): string => (block.kind === 'p' ? block.text : block.items.join('\n'));

interface StaticPageViewProps {
  slug: StaticSlug;
  /** Shown between the page's summary and its contents (e.g. the contact buttons). */
  children?: ReactNode;
}

export function StaticPageView({ slug, children }: StaticPageViewProps) {
  const { company, failed } = useCompany();
  const page = company ? staticPages[slug](company) : null;
  useDocumentTitle(page?.title ?? null);

  if (failed) {
    return (
      <div className="container page">
        <h1 className="page-title">Página no disponible</h1>
        <Alert>{messages.pageLoadFailed}</Alert>
      </div>
    );
  }
  if (!page) return <Spinner label="Cargando página…" />;

  return (
    <article className="container page static-page">
      <header className="page-header">
        <h1 className="page-title">{page.title}</h1>
        <p className="lead">{page.summary}</p>
      </header>
      {children}
      <div className="static-page__layout">
        <nav className="static-page__toc card" aria-labelledby="toc-title">
          <h2 id="toc-title">En esta página</h2>
          <ol>
            {page.sections.map((section) => (
              <li key={section.id}>
                <Link to={{ hash: section.id }}>{section.heading}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="static-page__body">
          {page.sections.map((section) => (
            <section key={section.id} id={section.id} tabIndex={-1} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.heading}</h2>
              {section.blocks.map((block) => (
                <PageBlock key={blockKey(block)} block={block} />
              ))}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
