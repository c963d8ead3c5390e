// Kit launches (decision 070): a logged-in fan's "Notify me when it drops".
import type { LaunchAlertRequest } from '@kitroom/contract';
import { call } from './client';

export const notifyWhenItDrops = (body: LaunchAlertRequest) => call('launch_alert.php', body);
