"""Speech recognition feeding (DeepSpeech's shape): CSV manifests of .npy features sorted by size, one
`PaddingFIFOQueue` per data set filled by a daemon thread through placeholders, and `QueueBase.from_list`
switching the tower's `dequeue_many` between the train and the dev queue by a fed selector."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

from deepspeech_lib.feeding import DataSet, ModelFeeder

NUMCEP = 3
WORDS = ["yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go"]


def write_corpus(out_dir):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    for split, count, offset in (("train", 9, 0), ("dev", 4, 100)):
        with open(os.path.join(out_dir, split + ".csv"), "w") as f:
            writer = csv.writer(f)
            writer.writerow(["wav_filename", "wav_filesize", "transcript"])
            for i in range(count):
                frames = 2 + (i * 5) % 4
                features = np.array([[offset + i + 0.5 * t + 0.125 * c for c in range(NUMCEP)]
                                     for t in range(frames)], dtype=np.float32)
                path = os.path.join(out_dir, "%s_%02d.npy" % (split, i))
                np.save(path, features)
                transcript = WORDS[i % 10] + ("" if i % 3 else " " + WORDS[(i + 3) % 10])
                writer.writerow([path, 1000 + frames * 100 + i, transcript])


def main(data_dir):
    out = os.path.join(data_dir, "h22_commonvoice_deepspeech_queue_selector")
    write_corpus(out)
    train_set = DataSet([os.path.join(out, "train.csv")], batch_size=3)
    dev_set = DataSet([os.path.join(out, "dev.csv")], batch_size=2)

    model_feeder = ModelFeeder(train_set, dev_set, NUMCEP, tower_feeder_count=1)
    batch_x, batch_seq_len, batch_y, batch_y_len = model_feeder.next_batch(0)
    # A stand-in for the acoustic model: the energy of each utterance over its own frames.
    mask = tf.sequence_mask(batch_seq_len, tf.shape(batch_x)[1], dtype=tf.float32)
    energy = tf.reduce_sum(tf.reduce_sum(batch_x, axis=2) * mask, axis=1)

    batches = []
    session = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
    session.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    model_feeder.start_queue_threads(session, coord)

    for epoch in range(2):
        for data_set in (train_set, dev_set):
            feed_dict = {}
            model_feeder.set_data_set(feed_dict, data_set)
            for _ in range(data_set.total_batches):
                x, x_len, y, y_len, e = session.run(
                    [batch_x, batch_seq_len, batch_y, batch_y_len, energy], feed_dict=feed_dict)
                batches.append([x.tolist(), x_len.tolist(), y.tolist(), y_len.tolist(), e.tolist()])

    coord.request_stop()
    model_feeder.close_queues(session)
    coord.join(stop_grace_period_secs=5)
    session.close()
    return {"batches": batches, "end": len(batches)}
