"""Dialogue-act tagging input: SequenceExamples read by a reader class of a package, dict batches padded."""
import os

from tensorflow.compat import v1 as tf

from r26c_lib import records
from r26c_lib.dialog_reader import ReaderConfig, SequenceReader


def main(data_dir):
    root = os.path.join(data_dir, "r26c_dialog_reader_class")
    os.makedirs(root, exist_ok=True)
    paths = [os.path.join(root, "dialogs-%d.tfrecord" % i) for i in range(2)]
    records.write_records(paths[0], 6)
    records.write_records(paths[1], 5)

    reader = SequenceReader(paths, ReaderConfig(batch_size=4))
    batch = reader.read()
    mask = tf.sequence_mask(batch["length"], maxlen=tf.shape(batch["tokens"])[1])

    out = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            b, m = sess.run([batch, mask])
            out.append({k: v.tolist() for k, v in b.items()})
            out[-1]["mask"] = m.astype(int).tolist()
    # MonitoredSession swallows the OutOfRangeError of the last run and closes itself.
    return {"batches": out, "end": "monitored_session_closed"}
