"""Zucchini harvest rows (plant, length, girth, weight, grade): a student's TextLineReader with a skipped
header, decode_csv, tf.stack of the features, a seeded two-thread shuffle_batch for one epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 3
NUM_EPOCHS = 1


def create_file(path):
    rng = np.random.RandomState(578)
    with open(path, 'w') as f:
        f.write('plant,length_cm,girth_cm,weight_g,grade\n')
        for i in range(12):
            f.write('%d,%.1f,%.1f,%.0f,%d\n' % (i, rng.uniform(12, 30), rng.uniform(8, 15),
                                                rng.uniform(150, 600), rng.randint(0, 3)))


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    record_defaults = [[0], [0.0], [0.0], [0.0], [0]]
    plant, length, girth, weight, grade = tf.decode_csv(value, record_defaults=record_defaults)
    features = tf.stack([length, girth, weight])
    return plant, features, grade


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=5)
    plant, features, grade = read_my_file_format(filename_queue)
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    plant_batch, feature_batch, grade_batch = tf.train.shuffle_batch(
        [plant, features, grade], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, num_threads=2, seed=5)
    return plant_batch, feature_batch, grade_batch


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_zucchini')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    path = os.path.join(out_dir, 'harvest.csv')
    create_file(path)

    plants, features, grades = input_pipeline([path], BATCH_SIZE, NUM_EPOCHS)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                p, x, g = sess.run([plants, features, grades])
                batches.append([p.tolist(), np.round(x.astype(np.float64), 1).tolist(), g.tolist()])
        except tf.errors.OutOfRangeError:
            print('Done training -- epoch limit reached')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "zucchini: %d" % sum(len(b[0]) for b in batches)}
