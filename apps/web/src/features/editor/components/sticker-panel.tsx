import { searchStickers } from '@shop/contracts/scene';
import { useDeferredValue, useId, useState } from 'react';
import { stickerUrl } from '../lib/stickers';
import '@/styles/editor-panels.css';

interface StickerPanelProps {
  onAdd(stickerId: string): void;
}

/** The 'Pegatinas' panel: the stickers, found by their Spanish names, each added with one tap. */
export function StickerPanel({ onAdd }: StickerPanelProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const found = searchStickers(useDeferredValue(query));

  return (
    <section className="editor-panel sticker-panel" aria-labelledby={`${id}-title`}>
      <h2 className="editor-panel__title" id={`${id}-title`}>
        Elige una pegatina
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          Buscar pegatinas
        </label>
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={`${id}-results`}
        />
      </div>
      {/* Announces how many stickers the search finds; the only visible line when it finds none. */}
      <p className={found.length === 0 ? 'sticker-panel__empty' : 'visually-hidden'} role="status">
        {found.length === 0
          ? 'No hay pegatinas con ese nombre'
          : query.trim() === ''
            ? ''
            : found.length === 1
              ? 'Una pegatina encontrada'
              : `${found.length} pegatinas encontradas`}
      </p>
      <div id={`${id}-results`}>
        {found.length > 0 && (
          <ul className="sticker-panel__grid">
            {found.map((sticker) => (
              <li key={sticker.id}>
                <button
                  type="button"
                  className="sticker-panel__sticker"
                  aria-label={`Añadir pegatina: ${sticker.name}`}
                  title={sticker.name}
                  onClick={() => onAdd(sticker.id)}
                >
                  <img
                    src={stickerUrl(sticker.id)}
                    alt={sticker.name}
                    width={72}
                    height={72}
                    loading="lazy"
                    decoding="async"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
