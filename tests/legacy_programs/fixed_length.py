"""Fixed-length binary records after a 4-byte header, decoded with decode_raw, batched in order."""

import json
import sys

import tensorflow.compat.v1 as tf


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/fixed-*.bin"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    _, raw = reader.read(filename_queue)
    pair = tf.decode_raw(raw, tf.int32)
    pair = tf.reshape(pair, [2])
    pair_batch = tf.train.batch([pair], batch_size=5, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(pair_batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))
