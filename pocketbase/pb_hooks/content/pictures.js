/*
 * Pictures at save. A post's pasted pictures leave its body: each becomes a file of its
 * `pictures` and the body points at it. Every picture a save uploads, to any collection, is read from its
 * header and refused over the build's pixel cap, so that neither PocketBase (a thumbnail) nor the
 * build ever decodes it. Both run the site's own code (saveChecks.js).
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

/**
 * A picture file for the save checks: its size, its header, and the whole of it when needed.
 * `open` gives a new reader each time.
 */
function pictureFile(size, open, checks) {
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
      return read(checks.HEADER_BYTES);
    },
    whole: function () {
      return read(size);
    },
  };
}

/**
 * A file uploaded with this save (a filesystem.File), for the save checks. One copied from storage
 * (a picture a version puts back) has a plain function for its reader.
 */
function unsavedPicture(file, checks) {
  var open = typeof file.reader.open === 'function' ? function () { return file.reader.open(); } : file.reader; // prettier-ignore
  return pictureFile(file.size, open, checks);
}

/**
 * Moves a post's pasted pictures into its file field `field` (default `pictures`), pointing the
 * body at the files (root-relative `/api/files/…` addresses, which stay right when PocketBase
 * moves). Returns how many moved, and the refusals for those left in place for being over the
 * site's limits. (A migration names the field as it was then: 1795737604 ran before `images`
 * became `pictures`.)
 */
function movePastedPictures(record, checks, field) {
  if (record.id === '') record.set('id:autogenerate', '');
  var collectionId = record.collection().id;
  var result = checks.replacePastedPictures(record.getString('content'), function (picture) {
    var file = $filesystem.fileFromBytes(picture.bytes(), 'pasted.' + picture.extension);
    record.set((field || 'pictures') + '+', file);
    return '/api/files/' + collectionId + '/' + record.id + '/' + file.name;
  });
  if (result.moved > 0) record.set('content', result.html);
  return { moved: result.moved, refusals: result.refusals };
}

/** The uploaded pictures over the pixel cap, by field: { field: ValidationError }, or null. */
function uploadErrors(record, checks) {
  var errors = null;
  var fields = record.collection().fields;
  for (var i = 0; i < fields.length; i += 1) {
    if (fields[i].type() !== 'file') continue;
    var name = fields[i].getName();
    var files = record.getUnsavedFiles(name);
    for (var j = 0; j < files.length; j += 1) {
      var refusal = checks.uploadRefusal(unsavedPicture(files[j], checks));
      if (!refusal) continue;
      errors = errors || {};
      errors[name] = new ValidationError(
        'picture_over_pixel_limit',
        'The picture ' + files[j].originalName + ' ' + refusal + '.',
      );
      break;
    }
  }
  return errors;
}

/** Before a save through the API or the admin UI: moves pasted pictures, refuses huge uploads. */
function checkPictures(e) {
  var checks = require(__hooks + '/content/saveChecks.js');
  if (e.collection.name === 'blogs') {
    var pasted = movePastedPictures(e.record, checks).refusals;
    if (pasted.length > 0) {
      throw new BadRequestError(pasted[0] + '.', {
        content: new ValidationError('pasted_picture_too_large', pasted.join('. ') + '.'),
      });
    }
  }
  var errors = uploadErrors(e.record, checks);
  if (errors) {
    var first = errors[Object.keys(errors)[0]];
    throw new BadRequestError(first.message(), errors);
  }
}

/** The save checks' view of a stored file, by its storage key, or undefined when there is none. */
function storedPicture(storage, key, checks) {
  var size;
  try {
    var reader = storage.getReader(key); // Throws when there is no such file.
    size = reader.size();
    reader.close();
  } catch (_) {
    return undefined;
  }
  return pictureFile(size, function () { return storage.getReader(key); }, checks); // prettier-ignore
}

module.exports = {
  storedPicture: storedPicture,
  unsavedPicture: unsavedPicture,
  movePastedPictures: movePastedPictures,
  checkPictures: checkPictures,
};
