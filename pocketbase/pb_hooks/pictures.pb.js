/*
 * Pictures (content/pictures.js): before a save through the admin UI or the REST API, a post's
 * pasted pictures become files of the post, and any picture uploaded to any collection over the
 * build's pixel cap is refused with the field's error. (A thumbnail of a picture over the cap,
 * one stored before the cap existed, is refused by the Go program, pocketbase/thumbnails.go: a
 * check on every file request belongs where it costs no JS VM.) Hook files load in name order:
 * this one before publish-check.pb.js.
 */

onRecordCreateRequest(
  function (e) {
    require(__hooks + '/content/pictures.js').checkPictures(e);
    e.next();
  },
  'blogs',
  'testimonials',
  'authors',
);

onRecordUpdateRequest(
  function (e) {
    require(__hooks + '/content/pictures.js').checkPictures(e);
    e.next();
  },
  'blogs',
  'testimonials',
  'authors',
);
