import numpy as np
import tensorflow.compat.v1 as tf

LABELS = ["PC", "AFP", "NTP"]


def write_tces(filename, kepids, seed):
  rng = np.random.RandomState(seed)
  writer = tf.python_io.TFRecordWriter(filename)
  for i, kepid in enumerate(kepids):
    depth = rng.uniform(0.1, 1.0)
    global_view = np.ones(8) - depth * (np.arange(8) == 4)
    local_view = np.ones(4) - depth * np.array([0, 0.5, 1, 0.5])
    ex = tf.train.Example(features=tf.train.Features(feature={
        "global_view": tf.train.Feature(float_list=tf.train.FloatList(value=np.round(global_view, 4).tolist())),
        "local_view": tf.train.Feature(float_list=tf.train.FloatList(value=np.round(local_view, 4).tolist())),
        "tce_period": tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(0.5, 40.0), 3)])),
        "av_training_set": tf.train.Feature(bytes_list=tf.train.BytesList(
            value=[LABELS[(i + seed) % 3].encode()])),
        "kepid": tf.train.Feature(int64_list=tf.train.Int64List(value=[kepid])),
    }))
    writer.write(ex.SerializeToString())
  writer.close()
