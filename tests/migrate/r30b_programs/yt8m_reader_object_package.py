"""YouTube-8M frame reader (round 30): a reader object made by a package's re-exported class, handed to
`get_input_data_tensors` of another module, whose `prepare_reader(filename_queue)` reads and decodes."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

import r30b_yt


def write_frames(data_dir):
    root = os.path.join(data_dir, "r30b_yt8m_frames")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(312)
    paths = []
    for shard in range(2):
        p = os.path.join(root, "train%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(p) as w:
            for v in range(3):
                n = rng.randint(2, 7)
                labels = sorted(rng.choice(5, rng.randint(1, 3), replace=False))
                ex = tf.train.SequenceExample(
                    context=tf.train.Features(feature={
                        "video_id": tf.train.Feature(bytes_list=tf.train.BytesList(
                            value=[("vid%d%d" % (shard, v)).encode()])),
                        "labels": tf.train.Feature(int64_list=tf.train.Int64List(value=labels))}),
                    feature_lists=tf.train.FeatureLists(feature_list={"rgb": tf.train.FeatureList(feature=[
                        tf.train.Feature(bytes_list=tf.train.BytesList(
                            value=[rng.randint(0, 256, 2, dtype=np.uint8).tobytes()])) for _ in range(n)])}))
                w.write(ex.SerializeToString())
        paths.append(p)
    return paths


def main(data_dir):
    reader = r30b_yt.YT8MFrameFeatureReader(num_classes=5, feature_size=2, max_frames=4)
    video_id, model_input, labels, num_frames = r30b_yt.get_input_data_tensors(reader, write_frames(data_dir),
                                                                                batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                vid, x, y, n = sess.run([video_id, model_input, labels, num_frames])
                batches.append({"video_id": [s.decode() for s in vid], "frames": np.round(x, 4).tolist(),
                                "labels": y.tolist(), "num_frames": n.tolist()})
        except tf.errors.OutOfRangeError:
            end = "Done training -- epoch limit reached"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
