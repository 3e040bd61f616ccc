export { ManualClock, systemClock, type Clock } from '@contrail/shared/time/clock';
