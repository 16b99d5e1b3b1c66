import { Route, Switch } from 'wouter';
import { AnnouncementEditor } from './AnnouncementEditor.tsx';
import { AnnouncementList } from './AnnouncementList.tsx';
import './announcements.css';

/** Announcements in all eleven languages: the list, and one announcement's editor (nested under /announcements). */
export function AnnouncementsScreen() {
  return (
    <Switch>
      <Route path="/" component={AnnouncementList} />
      <Route path="/new">{() => <AnnouncementEditor id={null} />}</Route>
      <Route path="/:id">{(params) => <AnnouncementEditor key={params.id} id={params.id} />}</Route>
    </Switch>
  );
}
