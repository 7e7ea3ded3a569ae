"""Film catalogue in TFRecord shards with a fixed-size list of three tags (FixedLenFeature([3], tf.string));
two TFRecordReaders made in a comprehension, each read's .value parsed into a dict, batch_join over the dicts."""

import os

import tensorflow.compat.v1 as tf

TAGS = [b"drama", b"comedy", b"noir", b"western", b"sci-fi", b"musical", b"war"]
SPEC = {
    "title": tf.FixedLenFeature([], tf.string),
    "tags": tf.FixedLenFeature([3], tf.string),
    "year": tf.FixedLenFeature([], tf.int64),
    "rating": tf.FixedLenFeature([], tf.float32),
}


def write_catalogue(folder, shards=3, per_shard=8):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "films-%d.tfrecord" % s)
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(per_shard):
                n = s * per_shard + i
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "title": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"Film %02d" % n])),
                    "tags": tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[TAGS[n % 7], TAGS[(n * 3 + 1) % 7], TAGS[(n * 5 + 2) % 7]])),
                    "year": tf.train.Feature(int64_list=tf.train.Int64List(value=[1940 + (n * 7) % 60])),
                    "rating": tf.train.Feature(float_list=tf.train.FloatList(value=[5.0 + (n % 9) * 0.5])),
                }))
                writer.write(ex.SerializeToString())
        paths.append(path)
    return paths


def parse_film(serialized):
    film = tf.parse_single_example(serialized, SPEC)
    film["is_noir"] = tf.reduce_any(tf.equal(film["tags"], "noir"))
    film["decade"] = film["year"] // 10 * 10
    return film


def main(data_dir):
    files = write_catalogue(os.path.join(data_dir, "h20_movies"))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    films = [parse_film(tf.TFRecordReader().read(queue).value) for _ in range(2)]
    batch = tf.train.batch_join(films, batch_size=5, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b = sess.run(batch)
                batches.append({"title": [t.decode() for t in b["title"]],
                                "tags": [[t.decode() for t in row] for row in b["tags"]],
                                "year": b["year"].tolist(), "decade": b["decade"].tolist(),
                                "is_noir": b["is_noir"].tolist(), "rating": [float(r) for r in b["rating"]]})
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": sum(len(b["title"]) for b in batches)}
