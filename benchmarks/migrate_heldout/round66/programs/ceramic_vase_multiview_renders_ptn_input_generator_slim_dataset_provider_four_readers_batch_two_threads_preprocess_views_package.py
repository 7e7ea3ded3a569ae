"""Multi-view renders and voxel grids of ceramic vases read the way the Perspective Transformer Nets code
(tensorflow/models research/ptn) reads its ShapeNet renders: input_generator.get(dataset_dir, dataset_name,
split_name, ...) builds a slim Dataset of FixedLenFeature image / mask / voxel tensors and a DatasetDataProvider
with four readers; model_ptn.get_inputs batches images and voxels with a two-thread `train.batch` and
`preprocess` picks the views for each step."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ptn66_lib import model_ptn

DATASET_NAME = 'vase_amphora'


def _write_renders(dataset_dir):
  rng = np.random.RandomState(6628)
  path = os.path.join(dataset_dir, 'amphora_val.tfrecords')
  writer = tf.python_io.TFRecordWriter(path)
  for obj in range(8):
    image = np.round(rng.uniform(0, 1, size=(2, 2, 2, 3)), 3).astype(np.float32)
    mask = (image[..., :1] > 0.5).astype(np.float32)
    vox = (rng.uniform(0, 1, size=(2, 2, 2, 1)) > 0.5).astype(np.float32)
    feature = {
        'image': tf.train.Feature(float_list=tf.train.FloatList(value=image.ravel().tolist())),
        'mask': tf.train.Feature(float_list=tf.train.FloatList(value=mask.ravel().tolist())),
        'vox': tf.train.Feature(float_list=tf.train.FloatList(value=vox.ravel().tolist())),
        'object/id': tf.train.Feature(int64_list=tf.train.Int64List(value=[obj])),
    }
    writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
  writer.close()


def main(data_dir):
  dataset_dir = os.path.join(data_dir, 'h66_ceramic_vases')
  if not os.path.isdir(dataset_dir):
    os.makedirs(dataset_dir)
  _write_renders(dataset_dir)

  raw_inputs = model_ptn.get_inputs(dataset_dir, DATASET_NAME, 'val', batch_size=2,
                                    image_size=2, vox_size=2, is_training=False)
  inputs = model_ptn.preprocess(raw_inputs, step_size=2)
  occupancy = tf.reduce_sum(inputs['voxels'], axis=[1, 2, 3, 4])

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        ids, view1, view2, matrix2, occ = sess.run(
            [inputs['object_id'], inputs['images_1'], inputs['images_2'], inputs['matrix_2'], occupancy])
        batches.append([ids.tolist(), np.round(view1, 3).tolist(), np.round(view2, 3).tolist(),
                        matrix2.tolist(), occ.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'vases: %d of %d' % (sum(len(b[0]) for b in batches),
                                                          raw_inputs['num_samples'])}
