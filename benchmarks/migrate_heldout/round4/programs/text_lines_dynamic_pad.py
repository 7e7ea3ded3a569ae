"""Sequence-model shape: a text file of token ids (written by the program), TextLineReader + string_split +
string_to_number, `batch(..., dynamic_pad=True)` with the length. Imports through `tensorflow.python`:
`from tensorflow.python.training import input as tf_input` and `from tensorflow.python.ops import io_ops`."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import io_ops
from tensorflow.python.training import input as tf_input


def write_corpus(data_dir):
    path = os.path.join(data_dir, "heldout4_tokens.txt")
    with open(path, "w") as f:
        for i in range(23):
            f.write(" ".join(str(i * 10 + k) for k in range(1 + i % 5)) + "\n")
    return path


def get_sequence(filename_queue):
    reader = io_ops.TextLineReader()
    _, line = reader.read(filename_queue)
    tokens = tf.string_split([line], delimiter=" ").values
    ids = tf.string_to_number(tokens, out_type=tf.int32)
    length = tf.size(ids)
    return ids, length


def main(data_dir):
    path = write_corpus(data_dir)
    filename_queue = tf_input.string_input_producer([path], num_epochs=1, shuffle=False)
    ids, length = get_sequence(filename_queue)
    id_batch, length_batch = tf_input.batch([ids, length], batch_size=4, dynamic_pad=True,
                                            allow_smaller_final_batch=True, capacity=32)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([id_batch, length_batch])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
