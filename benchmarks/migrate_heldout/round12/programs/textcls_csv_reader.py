"""Text classification CSV reader (the read_my_file_format / input_pipeline shape of the TF1 reading-data
guide, as teams adapted it): a config object holds the sizes and whether to shuffle; the row reader returns a
tuple; the training loop ends on OutOfRangeError after the configured epochs."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class ReaderConfig(object):
    def __init__(self, **kwargs):
        self.batch_size = 20
        self.num_epochs = 2
        self.shuffle = False
        self.num_threads = 1
        self.min_after_dequeue = 40
        self.__dict__.update(kwargs)


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, record_string = reader.read(filename_queue)
    record_defaults = [["0"], [0.0], [0]]
    doc_id, score, label = tf.decode_csv(record_string, record_defaults=record_defaults)
    example = tf.stack([tf.strings.to_number(doc_id), score])
    return example, label


def input_pipeline(filenames, config):
    filename_queue = train.string_input_producer(filenames, num_epochs=config.num_epochs, shuffle=config.shuffle)
    example, label = read_my_file_format(filename_queue)
    capacity = config.min_after_dequeue + 3 * config.batch_size
    if config.shuffle:
        example_batch, label_batch = train.shuffle_batch(
            [example, label], batch_size=config.batch_size, capacity=capacity,
            min_after_dequeue=config.min_after_dequeue, num_threads=config.num_threads)
    else:
        example_batch, label_batch = train.batch([example, label], batch_size=config.batch_size,
                                                 capacity=capacity, num_threads=config.num_threads)
    return example_batch, label_batch


def main(data_dir):
    config = ReaderConfig(batch_size=20)
    filenames = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    examples, labels = input_pipeline(filenames, config)
    logits = tf.matmul(examples, tf.ones([2, 5]) * 0.01)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))

    batches = []
    end = None
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        step = 0
        while not coord.should_stop():
            x, y, _ = sess.run([examples, labels, loss])
            batches.append([x.tolist(), y.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
