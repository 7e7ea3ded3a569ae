#this is a pipeline document for the stand inventory plots
import os
import random

import tensorflow as tf

batch_size = 4
num_epochs = 1


def write_plots(folder):
  if not os.path.exists(folder):
    os.makedirs(folder)
  random.seed(4602)
  species = ["spruce", "pine", "birch", "oak"]
  tree = 0
  for plot in range(3):
    with open(os.path.join(folder, "plot_%d.csv" % plot), "w") as f:
      for _ in range(4):
        dbh = round(random.uniform(8.0, 60.0), 1)   # diameter at breast height, cm
        height = round(random.uniform(4.0, 32.0), 1)
        f.write("%d,%s,%.1f,%.1f\n" % (tree, random.choice(species), dbh, height))
        tree += 1


def pre_process(dbh, height):
  # basal area in m2 and a crude stem volume (form factor 0.5)
  basal_area = 3.14159 * tf.square(dbh / 200.0)
  volume = 0.5 * basal_area * height
  return tf.stack([basal_area, volume])


def main(data_dir):
  folder = os.path.join(data_dir, "h46_tree_inventory")
  write_plots(folder)

  with tf.name_scope("train_input"):
    # match_filenames_once gives a resource variable here that string_input_producer cannot take
    # filenames = tf.compat.v1.train.match_filenames_once(os.path.join(folder, "*.csv"), name = "filenamesholder")
    filenames = sorted(tf.io.gfile.glob(os.path.join(folder, "*.csv")))

    #create a queue of filenames
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs = num_epochs, shuffle = True, seed = 11)

  with tf.name_scope("read_files"):
    # initate a file reader
    reader = tf.compat.v1.TextLineReader()

    # read a line
    key, record_string = reader.read(filename_queue)
    tree_id, species, dbh, height = tf.io.decode_csv(record_string, record_defaults = [[0], [""], [0.0], [0.0]])

  with tf.name_scope("pre_process_tree"):
    #Apply the pre_processing
    example = pre_process(dbh, height) # preprocess using tensorflow functions
    label = species

  # Queue the trees and feed the model with a batch of trees
  with tf.name_scope("queue_trees"):
    min_after_dequeue = 4 # minimum number of trees in the bin after dequeue
    capacity = min_after_dequeue + 3* batch_size # max number of trees which can be stored in bin
    example.set_shape([2]) # set the shape of trees in the queue
    example_batch, label_batch, id_batch = tf.compat.v1.train.shuffle_batch([example, label, tree_id], batch_size = batch_size, num_threads = 2,
                                                        capacity = capacity, min_after_dequeue = min_after_dequeue, seed = 5)

  # feed example_batch and label_batch to the network
  batches = []
  sess = tf.compat.v1.Session()
  sess.run(tf.compat.v1.local_variables_initializer())
  sess.run(tf.compat.v1.global_variables_initializer())
  coord = tf.compat.v1.train.Coordinator()
  threads = tf.compat.v1.train.start_queue_runners(sess = sess, coord = coord)
  try:
    while True:
      e, l, i = sess.run([example_batch, label_batch, id_batch])
      batches.append([[[round(float(x), 6) for x in row] for row in e], [s.decode() for s in l], i.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": "trees: %d" % sum(len(b[2]) for b in batches)}
