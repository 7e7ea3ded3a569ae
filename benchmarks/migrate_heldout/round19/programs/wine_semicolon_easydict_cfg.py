"""Wine quality (UCI export: semicolon-separated, quoted header) with py-faster-rcnn style `cfg` settings."""

import os

import tensorflow.compat.v1 as tf

from wine_lib.config import cfg

RECORD_DEFAULTS = [[0.0], [0.0], [0.0], [0]]


def write_tables(data_dir):
    out_dir = os.path.join(data_dir, cfg.DATA.SUBDIR)
    os.makedirs(out_dir, exist_ok=True)
    paths, i = [], 0
    for name, rows in zip(cfg.DATA.FILES, (20, 17)):
        path = os.path.join(out_dir, name)
        with open(path, "w") as f:
            f.write('"fixed acidity";"volatile acidity";"alcohol";"quality"\n')
            for _ in range(rows):
                f.write("%.1f;%.2f;%.1f;%d\n" % (6.0 + (i % 9) * 0.3, 0.2 + (i % 5) * 0.05, 9.0 + (i % 7) * 0.4,
                                                  3 + (i * 7) % 6))
                i += 1
        paths.append(path)
    return paths


def read_wine(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    fixed, volatile, alcohol, quality = tf.decode_csv(line, record_defaults=RECORD_DEFAULTS,
                                                      field_delim=cfg.DATA.DELIM)
    features = tf.stack([fixed, volatile, alcohol])
    good = tf.cast(quality >= cfg.TRAIN.GOOD_QUALITY, tf.int32)
    return features, quality, good


def generate_batch(X, Y, Z, cfg):
    """Packages one example into batches."""
    Xs, Ys, Zs = tf.train.batch(
        tensors=[X, Y, Z],
        batch_size=cfg.TRAIN.BATCH_SIZE,
        capacity=cfg.TRAIN.MIN_QUEUE_NUM + 3 * cfg.TRAIN.BATCH_SIZE,
        num_threads=cfg.TRAIN.READER_THREADS,
        allow_smaller_final_batch=True)
    return Xs, Ys, Zs


def main(data_dir):
    paths = write_tables(data_dir)
    filename_queue = tf.train.string_input_producer(paths, num_epochs=cfg.TRAIN.NUM_EPOCHS, shuffle=False)
    X, Y, Z = read_wine(filename_queue)
    Xs, Ys, Zs = generate_batch(X, Y, Z, cfg)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y, z = sess.run([Xs, Ys, Zs])
                batches.append([x.tolist(), y.tolist(), z.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": sum(len(b[1]) for b in batches)}
