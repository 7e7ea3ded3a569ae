# Calorimeter shower voxels (energy deposits in a small 3-D cell grid, two layers of readout)
# Nov 2017 style reader: glob by string concatenation, producer without an epoch limit, fixed number of steps

import tensorflow as tf
import numpy as np
import glob
import os

v1 = tf.compat.v1


def generate_filename_queue(data_dir, data_set='train'):
  filenames = glob.glob(data_dir + data_set + '*.tfrecords')
  filename_queue = v1.train.string_input_producer(filenames)
  return filename_queue

def read_and_decode(filename_queue, image_shape=[2, 2, 2, 2]):
  reader = v1.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  features = v1.parse_single_example(
      serialized_example,
      # Defaults are not specified since both keys are required.
      features={
          'image_raw': v1.FixedLenFeature([], tf.string),
          'energy': v1.FixedLenFeature([], tf.float32),
          'pdg': v1.FixedLenFeature([], tf.int64),
      })
  image = v1.decode_raw(features['image_raw'], tf.float32)
  image = tf.reshape(image, image_shape)
  energy = features['energy']
  pdg = tf.cast(features['pdg'], tf.int32)
  return image, energy, pdg

def inputs(data_dir, batch_size, data_set='train'):
  filename_queue = generate_filename_queue(data_dir, data_set)
  image, energy, pdg = read_and_decode(filename_queue)
  images, energies, pdgs = v1.train.batch([image, energy, pdg], batch_size=batch_size,
                                          num_threads=1, capacity=4 * batch_size)
  return images, energies, pdgs

def write_showers(path, n):
  rng = np.random.RandomState(38)
  with v1.python_io.TFRecordWriter(path) as w:
    for i in range(n):
      voxels = np.round(rng.exponential(0.5, size=(2, 2, 2, 2)), 3).astype(np.float32)
      ex = tf.train.Example(features=tf.train.Features(feature={
          'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[voxels.tobytes()])),
          'energy': tf.train.Feature(float_list=tf.train.FloatList(value=[float(voxels.sum())])),
          'pdg': tf.train.Feature(int64_list=tf.train.Int64List(value=[[11, 22, 211][i % 3]])),
      }))
      w.write(ex.SerializeToString())

def main(data_dir):
  out = os.path.join(data_dir, 'h38_calorimeter') + '/'
  os.makedirs(out, exist_ok=True)
  write_showers(out + 'train.tfrecords', 10)

  images, energies, pdgs = inputs(out, 3)
  batches = []
  sess = v1.Session()
  sess.run(v1.global_variables_initializer())
  coord = v1.train.Coordinator()
  threads = v1.train.start_queue_runners(sess=sess, coord=coord)
  for step in range(4):   # 12 showers from a 10-record file: the second pass starts in the last batch
    im, en, pd = sess.run([images, energies, pdgs])
    batches.append([np.round(im.astype(np.float64), 4).tolist(), np.round(en.astype(np.float64), 4).tolist(),
                    pd.tolist()])
  coord.request_stop()
  coord.join(threads, stop_grace_period_secs=5)
  sess.close()
  return {"batches": batches, "end": "steps: %d" % len(batches)}
