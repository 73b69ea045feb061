import { act } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';

/** A search field as the header's and home's: controlled, its state shown beside it. */
function Field() {
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, setValue);
  return (
    <>
      <input ref={input} aria-label="搜索素材" value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a field of a drawn page typed in before the app ran', () => {
  it('keeps the typed text as its state once hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Field />);
    document.body.append(container);
    container.querySelector('input')!.value = '钻石项链';

    await act(async () => {
      hydrateRoot(container, <Field />);
    });
    expect(container.querySelector('output')!.textContent).toBe('钻石项链');
    expect(container.querySelector('input')!.value).toBe('钻石项链');
  });

  it('changes nothing when nothing was typed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Field />);
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Field />);
    });
    expect(container.querySelector('output')!.textContent).toBe('');
  });
});
