from .gargparse import add_argument, ARGS
import tensorflow as tf



add_argument("--batch_size", type=int, default=4)
add_argument("--batch_queue_capacity", type=int, default=16)
add_argument("--num_notes", type=int, default=5)



def read_file(filename_queue):
  _, serialized = tf.compat.v1.TFRecordReader().read(filename_queue)

  int64_feature = tf.compat.v1.FixedLenFeature([], dtype=tf.int64)

  features = tf.compat.v1.parse_single_example(serialized, {
    "notes_raw": tf.compat.v1.FixedLenFeature([], dtype=tf.string),
    "family": int64_feature,
    "blend_id": int64_feature,
  })

  notes = tf.compat.v1.decode_raw(features["notes_raw"], tf.uint8)
  notes.set_shape([ARGS.num_notes])

  return tf.compat.v1.train.shuffle_batch(
      [tf.compat.v1.to_float(notes) / 100, features["family"], features["blend_id"]],
      batch_size=ARGS.batch_size,
      capacity=ARGS.batch_queue_capacity,
      min_after_dequeue=ARGS.batch_queue_capacity // 2,
      num_threads=2)
