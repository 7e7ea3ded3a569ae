"""Sensor/audio features from CSV files: a `read_audio_csv(filename_queue)` helper and an
`input_pipeline(filenames, batch_size, shuffle_sample, num_epochs)` that batches with `shuffle_batch` or
`batch` in an inline `if`. TF1-style file: `import tensorflow as tf`, queue APIs through `tf.compat.v1`.
"""

import math
import os

import tensorflow as tf

# Training/evaluation configuration
FEATURE_DIM = 2
OUT_DIM = 1
BATCH_SIZE = 8
TRAIN_SIZE = 40
TOTAL_ITER_NUM = int(math.ceil(TRAIN_SIZE / BATCH_SIZE))


# Processed data import method
def read_audio_csv(filename_queue):
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    defaultVal = [[0.] for idx in range(FEATURE_DIM + OUT_DIM)]
    fileData = tf.compat.v1.decode_csv(value, record_defaults=defaultVal)
    features = fileData[:FEATURE_DIM]
    features = tf.reshape(features, [1, FEATURE_DIM])  # WIDE, FEATURE_DIM
    labels = fileData[FEATURE_DIM:]
    labels = tf.cast(labels[0], tf.int32)
    return features, labels


def input_pipeline(filenames, batch_size, shuffle_sample=True, num_epochs=None):
    # Queue configuration
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, shuffle=shuffle_sample,
                                                              num_epochs=num_epochs)
    example, label = read_audio_csv(filename_queue)
    min_after_dequeue = 100
    capacity = min_after_dequeue + 3 * batch_size
    # Shuffle or not
    if shuffle_sample:
        example_batch, label_batch = tf.compat.v1.train.shuffle_batch(
            [example, label], batch_size=batch_size, num_threads=2, capacity=capacity,
            min_after_dequeue=min_after_dequeue)
    else:
        example_batch, label_batch = tf.compat.v1.train.batch(
            [example, label], batch_size=batch_size, capacity=capacity)
    return example_batch, label_batch


def main(data_dir):
    csv_files = sorted(os.path.join(data_dir, f) for f in os.listdir(data_dir)
                       if f.startswith('table-') and f.endswith('.csv'))
    example_batch, label_batch = input_pipeline(csv_files, BATCH_SIZE, shuffle_sample=False)
    flat = tf.reshape(example_batch, [-1, FEATURE_DIM])

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(TOTAL_ITER_NUM):
            x, y = sess.run([flat, label_batch])
            batches.append([x.tolist(), y.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "steps"}
