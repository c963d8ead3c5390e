// Kit launches (decision 070): a logged-in fan's "Notify me when it drops", and their place in
// the launch's waiting room.
import type { LaunchAlertRequest, LaunchQueueRequest } from '@kitroom/contract';
import { call } from './client';

export const notifyWhenItDrops = (body: LaunchAlertRequest) => call('launch_alert.php', body);

export const placeInQueue = (body: LaunchQueueRequest) => call('launch_queue.php', body);
