import os

import logging
import tensorflow as tf

# AIS vessel records (MMSI and vessel-type index), read back one at a time as a smoke test of the record file.
VESSELS = [(367001230, 3), (244660000, 1), (538005412, 7), (636017000, 2), (219012345, 5)]
NUM_READS = 7  # more reads than records: the producer has no epoch limit, so it starts over


def write(filename):
  writer = tf.io.TFRecordWriter(filename)
  for mmsi, vessel_type in VESSELS:
    example = tf.train.Example(features=tf.train.Features(feature={
        'mmsi': tf.train.Feature(int64_list=tf.train.Int64List(value=[mmsi])),
        'vessel_type_index': tf.train.Feature(int64_list=tf.train.Int64List(value=[vessel_type])),
    }))
    writer.write(example.SerializeToString())
  writer.close()


def run(filename):
  results = []
  with tf.Graph().as_default():
    filename_queue = tf.compat.v1.train.string_input_producer([filename], num_epochs=None)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    # The serialized example is converted back to actual values.
    # One needs to describe the format of the objects to be returned
    features = tf.compat.v1.parse_single_example(
        serialized_example,
        # Defaults are not specified since both keys are required.
        features={
            'mmsi': tf.compat.v1.FixedLenFeature([], tf.int64),
            'vessel_type_index': tf.compat.v1.FixedLenFeature([], tf.int64),
        })
    label = tf.cast(features['mmsi'], tf.int32)
    vessel_type = tf.cast(features['vessel_type_index'], tf.int32)

    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(NUM_READS):
      mmsi, kind = sess.run([label, vessel_type])
      logging.debug('mmsi %s type %s', mmsi, kind)
      results.append([[int(mmsi)], [int(kind)]])
    coord.request_stop()
    coord.join(threads)
  return results


def main(data_dir):
  root = os.path.join(data_dir, 'h40_vessel_mmsi')
  os.makedirs(root, exist_ok=True)
  filename = os.path.join(root, 'foo.tfrecord')
  write(filename)
  batches = run(filename)
  return {"batches": batches, "end": "reads: %d" % len(batches)}
