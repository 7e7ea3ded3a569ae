"""The batch helper and its reader helper in the program's own module (``import tensorflow.compat.v1 as tf1``), a
``mode`` chain whose first and last arms raise and whose middle arm batches a tuple with dynamic padding; the
caller makes the file queue (two files, not shuffled, two epochs) and hands it in."""
import os

import tensorflow.compat.v1 as tf1

from q3_lib import records


def parse_one(queue):
    reader = tf1.TFRecordReader()
    _, record = reader.read(queue)
    context, lists = tf1.parse_single_sequence_example(
        record, context_features={"speaker": tf1.FixedLenFeature([], tf1.int64)},
        sequence_features={"tokens": tf1.FixedLenSequenceFeature([], tf1.int64)})
    return context["speaker"], lists["tokens"] * 2


def make_batches(queue, size, mode="train"):
    speaker, tokens = parse_one(queue)
    if mode == "train":
        raise ValueError("training batches come from another pipeline")
    elif mode == "eval":
        speakers, token_rows = tf1.train.batch([speaker, tokens], size, dynamic_pad=True,
                                               allow_smaller_final_batch=True)
        return speakers, token_rows
    else:
        raise ValueError("unknown mode %r" % mode)


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "q3_elif"), shards=2, per_shard=3, seed=5)
    queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
    speakers, token_rows = make_batches(queue, 4, mode="eval")
    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, t = sess.run([speakers, token_rows])
                batches.append([s.tolist(), t.tolist()])
        except tf1.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
