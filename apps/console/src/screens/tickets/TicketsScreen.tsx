import { Route, Switch } from 'wouter';
import { TicketDetail } from './TicketDetail.tsx';
import { TicketQueue } from './TicketQueue.tsx';
import './tickets.css';

/** Tickets: the queue, oldest first, and one ticket's thread with its reply box (nested under /tickets). */
export function TicketsScreen() {
  return (
    <Switch>
      <Route path="/" component={TicketQueue} />
      <Route path="/:ticketId" component={TicketDetail} />
    </Switch>
  );
}
