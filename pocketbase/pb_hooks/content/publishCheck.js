/*
 * Before a post is saved, its body is judged by the site's own code (saveChecks.js, bundled
 * from src/lib/blog/saveChecks.ts by `npm run build:hooks`), so what this check lets through
 * is what the site shows. Any save, a draft's too, is refused when the body is over the site's
 * limit. A save with `published` switched on (to go live now or at its date) is refused when the
 * site would leave out content the editor meant to show: embeds, scripts, forms, drawings, links
 * and pictures it cannot use, and pictures (pasted, the banner, or PocketBase files the body
 * shows) over the site's limits, read from their headers. Colours and fonts never refuse one.
 */

/** Throws the admin UI's error message when the save is refused. */
function checkBeforeSave(e) {
  var checks = require(__hooks + '/content/saveChecks.js');
  var pictures = require(__hooks + '/content/pictures.js');
  var record = e.record;
  var content = record.getString('content');
  var refused = checks.saveRefusal(content);
  if (refused) throw new BadRequestError(refused, { content: new ValidationError('body_too_large', refused) }); // prettier-ignore
  if (!record.getBool('published')) return;

  /** Files this save uploads (the banner, pictures moved out of the body), by name. */
  var unsaved = {};
  var fileFields = ['banner_image', 'pictures'];
  for (var i = 0; i < fileFields.length; i += 1) {
    var files = record.getUnsavedFiles(fileFields[i]);
    for (var j = 0; j < files.length; j += 1) unsaved[files[j].name] = files[j];
  }
  var storage = $app.newFilesystem();
  try {
    var stored = function (key) {
      return pictures.storedPicture(storage, key, checks);
    };
    var fileOf = function (name) {
      if (!name) return undefined;
      if (unsaved[name]) return pictures.unsavedPicture(unsaved[name], checks);
      return stored(record.baseFilesPath() + '/' + name);
    };
    var uploadedBanner = record.getUnsavedFiles('banner_image');
    var refusal = checks.publishRefusal({
      content: content,
      banner: uploadedBanner.length
        ? pictures.unsavedPicture(uploadedBanner[0], checks)
        : fileOf(record.getString('banner_image')),
      readFile: function (file) {
        if (file.record === record.id && unsaved[file.name]) return fileOf(file.name);
        var collection;
        try {
          collection = $app.findCollectionByNameOrId(file.collection);
        } catch (_) {
          return undefined;
        }
        return stored(collection.id + '/' + file.record + '/' + file.name);
      },
    });
    if (refusal) {
      // The admin UI's toast of the message goes in seconds and its panel does not scroll: the
      // field errors stay, each under its field, until the editor changes that field. Under the
      // Published switch, the control the editor used, so the reason is where they look; and
      // under the body, where they fix it.
      throw new BadRequestError(refusal, {
        published: new ValidationError('publish_refused', refusal),
        content: new ValidationError('publish_refused', refusal),
      });
    }
  } finally {
    storage.close();
  }
}

module.exports = { checkBeforeSave: checkBeforeSave };
