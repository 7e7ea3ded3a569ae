"""Variable-length token lists stored as `VarLenFeature`s, parsed into `SparseTensor`s and batched by the queue
(the text-classification / sparse-feature reader shape). The program writes its own small TFRecords first."""
import os

import tensorflow.compat.v1 as tf

NUM_FILES = 2
PER_FILE = 9


def write_records(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    n = 0
    for f in range(NUM_FILES):
        path = os.path.join(out_dir, "tokens-%d.tfrecord" % f)
        with tf.io.TFRecordWriter(path) as writer:
            for _ in range(PER_FILE):
                tokens = [n * 3 + k for k in range(n % 4)]
                example = tf.train.Example(features=tf.train.Features(feature={
                    "tokens": tf.train.Feature(int64_list=tf.train.Int64List(value=tokens)),
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                }))
                writer.write(example.SerializeToString())
                n += 1
        paths.append(path)
    return paths


def parse(serialized):
    features = tf.parse_single_example(serialized, features={
        "tokens": tf.VarLenFeature(tf.int64),
        "id": tf.FixedLenFeature([], tf.int64),
    })
    return features["tokens"], features["id"]


def main(data_dir):
    paths = write_records(os.path.join(data_dir, "h8_varlen_sparse_batch"))
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    tokens, example_id = parse(serialized)
    token_batch, id_batch = tf.train.batch([tokens, example_id], batch_size=4, num_threads=1,
                                           allow_smaller_final_batch=True)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            sparse, ids = sess.run([token_batch, id_batch])
            batches.append([sparse.indices.tolist(), sparse.values.tolist(), sparse.dense_shape.tolist(),
                            ids.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}
