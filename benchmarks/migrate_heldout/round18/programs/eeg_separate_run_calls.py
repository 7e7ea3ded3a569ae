"""EEG windows as fixed-length records; the training loop fetches the signal batch and the label batch in two
separate `sess.run` calls (each call dequeues its own batch, as TF1 did)."""
import glob
import os

import tensorflow.compat.v1 as tf

RECORD_BYTES = 8
HEADER_BYTES = 4


def eeg_batches(files, batch_size=4):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, value = reader.read(queue)
    words = tf.decode_raw(value, tf.int32)
    signal = tf.stack([tf.cast(words[0], tf.float32) * 0.5, tf.cast(words[1], tf.float32) / 3.0])
    label = tf.mod(words[0], 3)
    signal_batch, label_batch = tf.train.batch([signal, label], batch_size=batch_size)
    return signal_batch, label_batch


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "fixed-*.bin")))
    signals, labels = eeg_batches(files)
    batches = []
    runs = 0
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x = sess.run(signals)
                runs += 1
                batches.append(["signals", x.tolist()])
                y = sess.run(labels)
                runs += 1
                batches.append(["labels", y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "runs=%d" % runs}
