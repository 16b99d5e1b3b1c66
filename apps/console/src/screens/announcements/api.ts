import { LANGUAGES, type TLanguage } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export interface Text {
  title: string;
  summary: string;
  body: string;
}
export type Translations = Partial<Record<TLanguage, Text>>;

export interface Announcement {
  id: string;
  status: 'draft' | 'published';
  publishTime: number | null;
  createdAt: number;
  updatedAt: number;
  translations: Translations;
}

/** The eleven languages of the app, in its order; every one needs a title and a body before publishing. */
export const ANNOUNCEMENT_LANGUAGES = LANGUAGES;

/** The languages that still lack a title or a body (the server refuses to publish until none do). */
export function missingLanguages(texts: Translations): TLanguage[] {
  return LANGUAGES.filter((l) => {
    const text = texts[l.code];
    return !text || text.title.trim() === '' || text.body.replace(/<[^>]*>/g, '').trim() === '';
  }).map((l) => l.code);
}

/** What is sent: languages with nothing typed are left out (a draft may lack them). */
function payload(texts: Translations): Translations {
  return Object.fromEntries(
    Object.entries(texts).filter(([, t]) => t && (t.title.trim() !== '' || t.body.trim() !== '')),
  ) as Translations;
}

const listKey = ['announcements'] as const;

export function useAnnouncements() {
  return useQuery({ queryKey: listKey, queryFn: () => api<Announcement[]>('/announcements') });
}

/** Saves a draft: a new one (id null) or an existing one; answers the draft's id. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, texts }: { id: string | null; texts: Translations }) => {
      const translations = payload(texts);
      if (id === null) {
        return (await api<{ id: string }>('/announcements', { method: 'POST', body: { translations } })).id;
      }
      await api<Announcement>(`/announcements/${encodeURIComponent(id)}`, { method: 'PUT', body: { translations } });
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ id: string; status: 'published'; publishTime: number }>(
        `/announcements/${encodeURIComponent(id)}/publish`,
        {
          method: 'POST',
          body: {},
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
