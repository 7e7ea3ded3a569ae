"""Music generation input: each record is a song's note list of any length, parsed with
`FixedLenSequenceFeature(allow_missing=True)` and padded to a window; the batched dict is chosen by a dict
comprehension over the parsed features."""

import os

import tensorflow.compat.v1 as tf

WINDOW = 6
KEEP = ("notes", "length", "tempo", "song_id")


def write_songs(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "songs.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for song in range(21):
            notes = [60 + (song + k * 5) % 12 for k in range(2 + song % 7)]
            writer.write(tf.train.Example(features=tf.train.Features(feature={
                "notes": tf.train.Feature(int64_list=tf.train.Int64List(value=notes)),
                "tempo": tf.train.Feature(float_list=tf.train.FloatList(value=[90.0 + song])),
                "song_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[song])),
                "composer": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"anon%d" % (song % 3)])),
            })).SerializeToString())
    return path


SPEC = {
    "notes": tf.FixedLenSequenceFeature([], tf.int64, allow_missing=True),
    "tempo": tf.FixedLenFeature([], tf.float32),
    "song_id": tf.FixedLenFeature([], tf.int64),
    "composer": tf.FixedLenFeature([], tf.string),
}


def parse_song(serialized):
    parsed = tf.parse_single_example(serialized, SPEC)
    notes = parsed["notes"]
    length = tf.minimum(tf.size(notes), WINDOW)
    padded = tf.pad(notes, [[0, WINDOW]])[:WINDOW]
    padded.set_shape([WINDOW])
    parsed["notes"] = padded - 60
    parsed["length"] = length
    return parsed


def song_batches(path, batch_size):
    queue = tf.train.string_input_producer([path], num_epochs=2, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = parse_song(serialized)
    example = {key: value for key, value in parsed.items() if key in KEEP}
    return tf.train.batch(example, batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    path = write_songs(os.path.join(data_dir, "h17_pianoroll_sequence_feature_dict_filter"))
    batch = song_batches(path, batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                values = sess.run(batch)
                batches.append({key: value.tolist() for key, value in values.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
