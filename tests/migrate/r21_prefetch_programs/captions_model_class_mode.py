"""im2txt's model class: `build_inputs` makes the reader, calls the module's `prefetch_input_data`, whose
queue's kind follows the model's `mode` (a run-time setting: both kinds kept, chosen as legacy chose), and
dequeues once in each of three preprocessing copies; `batch_join(dynamic_pad=True)` pads with zeros."""

import os

import tensorflow.compat.v1 as tf


def parse(serialized):
    features = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                    "label": tf.FixedLenFeature([1], tf.int64)})
    caption = tf.range(tf.reshape(features["label"], []) % 4 + 2)
    return features["x"], caption


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard=8,
                        num_reader_threads=2, shard_queue_name="filename_queue"):
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(tf.gfile.Glob(pattern))
    if not data_files:
        raise IOError("Found no input files matching %s" % file_pattern)
    data_files.sort()
    if is_training:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16,
                                                        name=shard_queue_name)
        values_queue = tf.RandomShuffleQueue(capacity=values_per_shard + 10 * batch_size,
                                             min_after_dequeue=values_per_shard, dtypes=[tf.string])
    else:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1,
                                                        name=shard_queue_name)
        values_queue = tf.FIFOQueue(capacity=values_per_shard + 3 * batch_size, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


class CaptionModel(object):
    """The model's input side: the queue's kind follows `mode`, a setting known only when the model is made."""

    def __init__(self, file_pattern, mode):
        self.file_pattern = file_pattern
        self.mode = mode
        self.xs = self.input_seqs = self.target_seqs = self.mask = None

    def build_inputs(self):
        reader = tf.TFRecordReader()
        input_queue = prefetch_input_data(reader, self.file_pattern, is_training=self.mode == "train",
                                          batch_size=4, num_reader_threads=1)
        images_and_captions = []
        for thread_id in range(3):
            serialized_sequence_example = input_queue.dequeue()
            x, caption = parse(serialized_sequence_example)
            caption_length = tf.shape(caption)[0]
            input_length = tf.expand_dims(tf.subtract(caption_length, 1), 0)
            input_seq = tf.slice(caption, [0], input_length)
            indicator = tf.ones(input_length, dtype=tf.int32)
            images_and_captions.append([tf.reduce_sum(x), input_seq, indicator])
        xs, input_seqs, mask = tf.train.batch_join(images_and_captions, batch_size=5, capacity=30,
                                                   dynamic_pad=True, allow_smaller_final_batch=True)
        self.xs, self.input_seqs, self.mask = xs, input_seqs, mask


def main(data_dir):
    model = CaptionModel(os.path.join(data_dir, "records-1.tfrecord,") + os.path.join(data_dir, "records-3.tfrecord"),
                         mode="eval")
    model.build_inputs()
    xs, input_seqs, mask = model.xs, model.input_seqs, model.mask
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b, m = sess.run([xs, input_seqs, mask])
                lengths = m.sum(axis=1).tolist()
                batches.append([a.tolist(), [r[:n].tolist() for r, n in zip(b, lengths)], lengths,
                                [all(v == 0 for v in r[n:]) for r, n in zip(b.tolist(), lengths)]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
