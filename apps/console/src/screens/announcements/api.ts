import { LANGUAGES, OPS, type TAnnouncementTranslations, type TLanguage } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The eleven languages of the app, in its order; every one needs a title and a body before publishing. */
export const ANNOUNCEMENT_LANGUAGES = LANGUAGES;

/** The languages that still lack a title or a body (the server refuses to publish until none do). */
export function missingLanguages(texts: TAnnouncementTranslations): TLanguage[] {
  return LANGUAGES.filter((l) => {
    const text = texts[l.code];
    return !text || text.title.trim() === '' || text.body.replace(/<[^>]*>/g, '').trim() === '';
  }).map((l) => l.code);
}

/** What is sent: languages with nothing typed are left out (a draft may lack them). */
function payload(texts: TAnnouncementTranslations): TAnnouncementTranslations {
  return Object.fromEntries(
    Object.entries(texts).filter(([, t]) => t && (t.title.trim() !== '' || t.body.trim() !== '')),
  ) as TAnnouncementTranslations;
}

const listKey = ['announcements'] as const;

export function useAnnouncements() {
  return useQuery({ queryKey: listKey, queryFn: () => call(OPS.announcements, {}) });
}

/** Saves a draft: a new one (id null) or an existing one; answers the draft's id. */
export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, texts }: { id: string | null; texts: TAnnouncementTranslations }) => {
      const translations = payload(texts);
      if (id === null) {
        return (await call(OPS.createAnnouncement, { body: { translations } })).id;
      }
      await call(OPS.updateAnnouncement, { params: { id }, body: { translations } });
      return id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(OPS.publishAnnouncement, { params: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
