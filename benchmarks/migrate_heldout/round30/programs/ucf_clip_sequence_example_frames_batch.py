"""UCF-style clips stored as SequenceExamples (one JPEG-less raw frame per step), read inline and batched in order;
`from tensorflow.compat import v1 as tf`."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

NUM_FRAMES = 3
FRAME_HEIGHT = 2
FRAME_WIDTH = 2
NUM_EPOCHS = 1
BATCH_SIZE = 2


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def build_video_data(data_dir):
    out = os.path.join(data_dir, "h30_ucf_clips")
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(303)
    path = os.path.join(out, "train.tfrecord")
    with tf.python_io.TFRecordWriter(path) as w:
        for v in range(6):
            frames = [rng.randint(0, 255, (FRAME_HEIGHT, FRAME_WIDTH), dtype=np.uint8) for _ in range(NUM_FRAMES)]
            ex = tf.train.SequenceExample(
                context=tf.train.Features(feature={
                    "label": _int64_feature(v % 4),
                    "video_id": _bytes_feature(("v_Class%d_g%02d" % (v % 4, v)).encode())}),
                feature_lists=tf.train.FeatureLists(feature_list={
                    "rgb": tf.train.FeatureList(feature=[_bytes_feature(f.tobytes()) for f in frames])}))
            w.write(ex.SerializeToString())
    return path


def main(data_dir):
    train_file = build_video_data(data_dir)
    filename_queue = tf.train.string_input_producer([train_file], num_epochs=NUM_EPOCHS, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    contexts, features = tf.parse_single_sequence_example(
        serialized_example,
        context_features={"video_id": tf.FixedLenFeature([], tf.string),
                          "label": tf.FixedLenFeature([], tf.int64)},
        sequence_features={"rgb": tf.FixedLenSequenceFeature([], dtype=tf.string)})
    frames = tf.decode_raw(features["rgb"], tf.uint8)
    clip = tf.reshape(frames, [NUM_FRAMES, FRAME_HEIGHT, FRAME_WIDTH, 1])
    clip = tf.cast(clip, tf.float32) / 255.0
    label = tf.cast(contexts["label"], tf.int32)
    clips, labels, ids = tf.train.batch([clip, label, contexts["video_id"]], batch_size=BATCH_SIZE, num_threads=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                c, l, i = sess.run([clips, labels, ids])
                batches.append([np.round(c.sum(axis=(2, 3, 4)), 4).tolist(), l.tolist(),
                                [x.decode() for x in i]])
        except tf.errors.OutOfRangeError:
            end = "Done training for %d epochs" % NUM_EPOCHS
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
