export { systemClock, type Clock } from '@contrail/shared/time/clock';
