// Pictures pasted into bodies before the hook moved them at save (pb_hooks/content/pictures.js)
// leave those bodies now, the same way: each becomes a file of the post's `images` (named
// `pictures` by 1795737605_topics_and_pictures.js, which runs after this), and the body points at
// it. Then no page of posts carries megabytes of base64. Saved without validation: the
// move only takes base64 out, and a body that was over a limit before stays as the editor left it.
// One post at a time, so that memory holds one body. Nothing to undo: the body shows the same
// pictures.
const PASTED = 'content ~ "data:image/"';

migrate((app) => {
  // A post whose pasted pictures all stay (none in a format the site shows) is stepped over.
  for (let skipped = 0; ;) {
    const [post] = app.findRecordsByFilter('blogs', PASTED, 'created,id', 1, skipped);
    if (!post) break;
    // The save checks (the site's judgment) and the hook's move, loaded only when a post needs them.
    const checks = require(`${__hooks}/content/saveChecks.js`);
    const { movePastedPictures } = require(`${__hooks}/content/pictures.js`);
    if (movePastedPictures(post, checks, 'images').moved > 0) app.saveNoValidate(post);
    else skipped += 1;
  }
});
