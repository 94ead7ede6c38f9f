/*
 * Realtime is for editors (the admin UI, signed in as superusers). Nothing public needs it, since
 * the site is static, and each subscription is checked, a query each, inside every save it could
 * concern: a visitor's thousands of subscriptions would slow an editor's save. So subscribing
 * takes a superuser's login; clearing a client's subscriptions (an empty list) needs none.
 */

onRealtimeSubscribeRequest(function (e) {
  if (e.subscriptions.length > 0 && !e.hasSuperuserAuth()) {
    throw new ForbiddenError('Realtime subscriptions are for signed-in editors.');
  }
  e.next();
});
