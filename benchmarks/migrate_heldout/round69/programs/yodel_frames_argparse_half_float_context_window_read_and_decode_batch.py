# Yodel recordings for a speech-enhancement student project, after panxin801/TF_ark_VDCNN `train_main-bak.py`:
# a module-level `argparse` parser with a `--TFRecord` name, `read_and_decode(TFRecordqueue, context_window_size,
# feat_size)` decoding clean and noisy float16 features ("tf.half===tf.float16") with `set_shape` + `reshape`,
# `main(_)` building the producer from `currentPath`. The original only printed the tensors; here the frames go
# through a one-thread `train.batch` and a run to `OutOfRangeError`.
import os, sys
import tensorflow.compat.v1 as tf
import numpy as np
import argparse

parser = argparse.ArgumentParser(description="read and train VDCNN")
parser.add_argument(
    "--TFRecord",
    type=str,
    default="output_TFRecord.tfrecords",
    help="Path and name of TFRecord file.")
args = parser.parse_args([])


def read_and_decode(TFRecordqueue, context_window_size, feat_size):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(TFRecordqueue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            "wav_feat": tf.FixedLenFeature([], tf.string),
            "noisy_feat": tf.FixedLenFeature([], tf.string)
        })
    clean_feats = tf.decode_raw(features["wav_feat"],
                                tf.half)  # tf.half===tf.float16
    noise_feats = tf.decode_raw(features["noisy_feat"], tf.half)
    clean_feats.set_shape([context_window_size * feat_size])
    sliced_feat = tf.reshape(clean_feats, [context_window_size, feat_size])
    noise_feats.set_shape([context_window_size * feat_size])
    sliced_noise_feat = tf.reshape(noise_feats,
                                   [context_window_size, feat_size])
    return sliced_feat, sliced_noise_feat


def _write_records(path):
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(path) as writer:
        for n in range(10):
            clean = (rng.rand(3 * 4) * 2 - 1).astype(np.float16)
            noisy = (clean + rng.normal(0, 0.1, 12)).astype(np.float16)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "wav_feat": tf.train.Feature(bytes_list=tf.train.BytesList(value=[clean.tobytes()])),
                "noisy_feat": tf.train.Feature(bytes_list=tf.train.BytesList(value=[noisy.tobytes()])),
            }))
            writer.write(ex.SerializeToString())


def main(data_dir):
    currentPath = os.path.join(data_dir, "h69_yodel")
    os.makedirs(os.path.join(currentPath, "data"), exist_ok=True)
    TFRecord = os.path.join(currentPath, os.path.join("data", args.TFRecord))
    _write_records(TFRecord)

    TFRecordqueue = tf.train.string_input_producer([TFRecord], num_epochs=1)
    clean_feats, noise_feats = read_and_decode(
        TFRecordqueue, 3, 4)  # 3 means context window size
    print(clean_feats)
    print(noise_feats)
    clean_batch, noise_batch = tf.train.batch([clean_feats, noise_feats], batch_size=4,
                                              allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                c, n = sess.run([clean_batch, noise_batch])
                batches.append([np.round(c.astype(np.float32), 3).tolist(),
                                np.round((n - c).astype(np.float32).mean(axis=(1, 2)), 3).tolist()])
        except tf.errors.OutOfRangeError:
            print("Done!")
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "frames: %d" % sum(len(b[0]) for b in batches)}
