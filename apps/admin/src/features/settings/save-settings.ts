// Saving the settings, as every settings form does: the response becomes the page's settings,
// the audit log is read again, and the form is given what was saved.
import type { ShopSettingsRow, UpdateSettingsRequest as UpdateBody } from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, keyOf } from '@/api/client';

export function useSaveSettings(onSaved: (settings: ShopSettingsRow) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBody) => call('updateSettings', { body }),
    onSuccess: (response) => {
      queryClient.setQueryData(keyOf('getSettings'), response);
      onSaved(response.settings);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
