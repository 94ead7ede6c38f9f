/*
 * A post is checked before it is saved (content/publishCheck.js): a body over the site's size
 * limit refuses any save; what the site would leave out refuses a save with `published` switched
 * on, with a message the admin UI shows under the switch and under the body. Drafts are
 * otherwise saved as they are. Request hooks, so both the admin UI and the REST API are covered.
 * It runs after pictures.pb.js (hook files load in name order), so pasted pictures are files by
 * then.
 */

onRecordCreateRequest(function (e) {
  require(__hooks + '/content/publishCheck.js').checkBeforeSave(e);
  e.next();
}, 'blogs');

onRecordUpdateRequest(function (e) {
  require(__hooks + '/content/publishCheck.js').checkBeforeSave(e);
  e.next();
}, 'blogs');
