"""EEG segments in binary files with a file header and a checksum footer: FixedLengthRecordReader(header_bytes, footer_bytes)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

HEADER_BYTES = 16
FOOTER_BYTES = 4
CHANNELS = 3
SAMPLES = 4
LABEL_BYTES = 2
RECORD_BYTES = LABEL_BYTES + CHANNELS * SAMPLES * 2  # int16 samples


def write_session(path, first, count):
    with open(path, "wb") as f:
        f.write(b"EEGv1" + bytes(HEADER_BYTES - 5))
        for i in range(first, first + count):
            label = np.array([i % 4], np.int16)
            signal = (np.arange(CHANNELS * SAMPLES, dtype=np.int16) * (i + 1) - 20).astype(np.int16)
            f.write(label.tobytes() + signal.tobytes())
        f.write(b"\xde\xad\xbe\xef")


def read_eeg(filename_queue):
    class EEGRecord(object):
        pass

    result = EEGRecord()
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES,
                                        footer_bytes=FOOTER_BYTES)
    result.key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.int16)
    result.label = tf.cast(tf.strided_slice(record, [0], [1]), tf.int32)
    signal = tf.reshape(tf.strided_slice(record, [1], [1 + CHANNELS * SAMPLES]), [CHANNELS, SAMPLES])
    result.signal = tf.cast(signal, tf.float32) / 100.0
    return result


def main(data_dir):
    root = os.path.join(data_dir, "h34_eeg")
    os.makedirs(root, exist_ok=True)
    files = [os.path.join(root, "session_%d.bin" % s) for s in (1, 2)]
    write_session(files[0], 0, 4)
    write_session(files[1], 4, 3)
    for f in files:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    record = read_eeg(filename_queue)
    record.label.set_shape([1])
    signals, labels = tf.train.batch([record.signal, record.label], batch_size=3, num_threads=1,
                                     allow_smaller_final_batch=True)
    labels = tf.reshape(labels, [-1])
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
        while not coord.should_stop():
            s, l = sess.run([signals, labels])
            batches.append([np.round(s, 2).tolist(), l.tolist()])
            step += 1
    except tf.errors.OutOfRangeError:
        print("Done reading EEG -- %d steps" % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "eeg steps: %d" % step}
