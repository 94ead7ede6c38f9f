/*
 * Before a post is saved, its body is judged by the site's own code (bodyJudgment.js, bundled
 * from src/lib/blog/publishCheck.ts by `npm run build:hooks`), so what this check lets through
 * is what the site shows. Any save, a draft's too, is refused when the body is over the site's
 * limit. A save with `published` ticked (to go live now or at its date) is refused when the site
 * would leave out content the editor meant to show: embeds, scripts, forms, drawings, links and
 * pictures it cannot use, and pictures (pasted, the banner, or PocketBase files the body shows)
 * over the site's limits, read from their headers. Colours and fonts never refuse one.
 */

/** A Go reader's next `size` bytes (at most), as a Uint8Array: goja fills the array in place. */
function readBytes(reader, size) {
  var bytes = new Uint8Array(size);
  var at = 0;
  while (at < size) {
    var chunk = new Uint8Array(Math.min(size - at, 1 << 20));
    var got = 0;
    try {
      got = reader.read(chunk);
    } catch (_) {
      break; // io.EOF: the file was shorter than it said.
    }
    if (!got) break;
    bytes.set(chunk.subarray(0, got), at);
    at += got;
  }
  return at < size ? bytes.subarray(0, at) : bytes;
}

/** A picture file for the judgment: its size, its header, and the whole of it when needed. */
function pictureFile(size, open, judgment) {
  function read(limit) {
    var reader = open();
    try {
      return readBytes(reader, Math.min(size, limit));
    } finally {
      reader.close();
    }
  }
  return {
    size: size,
    head: function () {
      return read(judgment.HEADER_BYTES);
    },
    whole: function () {
      return read(size);
    },
  };
}

/** Throws the admin UI's error message when the save is refused. */
function checkBeforeSave(e) {
  var judgment = require(__hooks + '/content/bodyJudgment.js');
  var record = e.record;
  var content = record.getString('content');
  var refused = judgment.saveRefusal(content);
  if (refused) throw new BadRequestError(refused);
  if (!record.getBool('published')) return;

  var storage = $app.newFilesystem();
  try {
    var stored = function (key) {
      var size;
      try {
        size = storage.getFile(key).size(); // Throws when there is no such file.
      } catch (_) {
        return undefined;
      }
      return pictureFile(size, function () { return storage.getFile(key); }, judgment); // prettier-ignore
    };
    var uploaded = (e.uploadedFiles && e.uploadedFiles['banner_image']) || [];
    var bannerName = record.getString('banner_image');
    var banner = uploaded.length
      ? pictureFile(uploaded[0].size, function () { return uploaded[0].reader.open(); }, judgment) // prettier-ignore
      : bannerName
        ? stored(record.baseFilesPath() + '/' + bannerName)
        : undefined;
    var refusal = judgment.publishRefusal({
      content: content,
      banner: banner,
      readFile: function (file) {
        var collection;
        try {
          collection = $app.dao().findCollectionByNameOrId(file.collection);
        } catch (_) {
          return undefined;
        }
        return stored(collection.id + '/' + file.record + '/' + file.name);
      },
    });
    if (refusal) throw new BadRequestError(refusal);
  } finally {
    storage.close();
  }
}

module.exports = { checkBeforeSave: checkBeforeSave };
