"""A Kaggle digit-recognizer train.csv (header "label,pixel0,...") read with skip_header_lines=1, pixels stacked, a last
short batch kept by allow_smaller_final_batch; `from tensorflow.compat.v1 import train`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

N_PIXELS = 6
BATCH_SIZE = 4


def make_train_csv(data_dir):
    root = os.path.join(data_dir, "h30_kaggle_digits")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(306)
    path = os.path.join(root, "train.csv")
    with open(path, "w") as f:
        f.write("label," + ",".join("pixel%d" % i for i in range(N_PIXELS)) + "\n")
        for _ in range(10):
            f.write(",".join(str(v) for v in [rng.randint(10)] + list(rng.randint(0, 256, N_PIXELS))) + "\n")
    return path


def batch_generator(filenames):
    filename_queue = train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    record_defaults = [[0] for _ in range(N_PIXELS + 1)]
    content = tf.decode_csv(value, record_defaults=record_defaults)
    label = content[0]
    pixels = tf.cast(tf.stack(content[1:]), tf.float32) / 255.0
    return train.batch([pixels, label], batch_size=BATCH_SIZE, capacity=20 * BATCH_SIZE,
                       allow_smaller_final_batch=True)


def main(data_dir):
    data_batch, label_batch = batch_generator([make_train_csv(data_dir)])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(coord=coord)
        try:
            while True:
                x, y = sess.run([data_batch, label_batch])
                batches.append([np.round(x, 4).tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "%d batches, last of %d" % (len(batches), len(batches[-1][1]))
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
