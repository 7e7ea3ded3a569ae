import os

import tensorflow as tf

from semeion41_lib.file_input_reader import FileInputReader
from semeion41_lib.make_csv import write_digit_csvs

NUMBER_FEATURES = 16
BATCH_SIZE = 4


def main(data_dir):
    files = write_digit_csvs(os.path.join(data_dir, "h41_semeion_digits"))

    file_queue = tf.queue.FIFOQueue(capacity=10, dtypes=[tf.string], shapes=[[]])
    sample_queue = tf.queue.FIFOQueue(capacity=50, dtypes=[tf.int32, tf.int32],
                                      shapes=[[NUMBER_FEATURES], []])

    sess = tf.compat.v1.Session()
    reader = FileInputReader(sess, file_queue, sample_queue, NUMBER_FEATURES, BATCH_SIZE)
    for f in files:
        reader.enqueue_file(f)
    n_records = reader.finish_enqueuing_files()

    batches = []
    while True:
        try:
            images, labels = reader.get_sample_batch()
        except tf.errors.OutOfRangeError:
            break
        batches.append([images.tolist(), labels.tolist()])
    reader.terminate_queue()
    sess.close()
    return {"batches": batches, "end": "records enqueued: %d, batches: %d" % (n_records, len(batches))}
