import os

import numpy as np
import tensorflow.compat.v1 as tf

# Survey photometry of stars in two fields, stored as raw float32 records: two label values (effective
# temperature in kK, log g) followed by four magnitudes (u, g, r, i).


def write_field(path, n, seed):
    rng = np.random.RandomState(seed)
    rows = []
    for _ in range(n):
        label = [rng.uniform(3.5, 9.0), rng.uniform(3.8, 4.8)]
        mags = list(rng.uniform(12.0, 18.0, 4))
        rows.append(label + mags)
    np.asarray(rows, np.float32).tofile(path)


def read_data(file_q):
    label_len = 2
    image_len = 4

    label_bytes = label_len * 4
    image_bytes = image_len * 4

    # Every record consists of a label followed by the image, with a
    # fixed number of bytes for each.
    record_bytes = label_bytes + image_bytes

    # Read a record, getting filenames from the filename_queue.  No
    # header or footer in the CIFAR-10 format, so we leave header_bytes
    # and footer_bytes at their default of 0.
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    key, value = reader.read(file_q)

    # Convert from a string to a vector of float32 that is record_bytes long.
    record = tf.decode_raw(value, tf.float32)

    label = tf.strided_slice(record, [0], [label_len])
    label.set_shape([label_len])
    mags = tf.reshape(tf.strided_slice(record, [label_len], [label_len + image_len]), [image_len])
    colours = mags[:-1] - mags[1:]  # u-g, g-r, r-i
    return label, mags, colours, key


def main(data_dir):
    root = os.path.join(data_dir, 'h40_star_photometry')
    os.makedirs(root, exist_ok=True)
    files = [os.path.join(root, 'field_%02d.bin' % i) for i in (1, 2)]
    write_field(files[0], 4, 41)
    write_field(files[1], 5, 42)

    file_q = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    label, mags, colours, key = read_data(file_q)
    batch = tf.train.batch([label, mags, colours, key], batch_size=3, allow_smaller_final_batch=True)

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    step = 0
    try:
        while not coord.should_stop():
            l, m, c, k = sess.run(batch)
            batches.append([np.round(l.astype(np.float64), 3).tolist(), np.round(m.astype(np.float64), 3).tolist(),
                            np.round(c.astype(np.float64), 3).tolist(),
                            [os.path.basename(x.decode()).split(':')[0] for x in k]])
            step += 1
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "stars: %d in %d steps" % (sum(len(b[0]) for b in batches), step)}
