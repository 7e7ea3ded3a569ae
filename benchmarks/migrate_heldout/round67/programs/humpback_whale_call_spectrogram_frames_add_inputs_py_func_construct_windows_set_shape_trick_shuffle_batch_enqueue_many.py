
import numpy as np
import os
import tensorflow as tf
import time

# Humpback whale calls from a hydrophone: each record holds the raveled band energies of every
# frame of one call (frame after frame), and whether it is a song unit (1) or noise (0).

def construct_windows(feature, label, input_length, num_steps, stride):
  
  feature_length = feature.shape[0]
  num_frames = feature_length // input_length
  window_length = input_length * num_steps
  
  windows = []
  labels = []
  for i in range(0, num_frames, stride):
    start_index = i * input_length
    end_index = (i + num_steps) * input_length
    if end_index > feature_length :
      break
    x = feature[start_index:end_index]
    windows.append(x)
    labels.append(label)

  windows = np.array(windows)
  labels = np.array(labels)
  
  return [windows, labels]

def add_inputs(tfrecords, feature_size,
  build_windows=False, input_length=None, num_steps=None, stride=None,
  num_epochs=None, 
  batch_size=10,
  num_threads=2,
  capacity=100,
  min_after_dequeue=50):
  """
  We assume that the features are a raveled version of a patch for the entire
  call. At train time, we will want to limit the number of back prop steps. 
  So we will need to create "windows" of the calls, each of size num_steps (i.e. the 
  number of frames). The stride size dictates how much overlap the individual windows
  will have with each other.  
  
  At test time, we don't need to do back prop, so we can just loop through all frames of
  the call. 
  """
  
  with tf.name_scope('inputs'):

    # Have a queue that produces the paths to the .tfrecords
    filename_queue = tf.compat.v1.train.string_input_producer(
      tfrecords,
      num_epochs=num_epochs,
      seed=67
    )

    # Construct a Reader to read examples from the .tfrecords file
    reader = tf.compat.v1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    # Parse an Example to access the Features
    example = tf.compat.v1.parse_single_example(
      serialized_example,
      features = {
        'feature'  : tf.compat.v1.FixedLenFeature([feature_size], tf.float32),
        'label' : tf.compat.v1.FixedLenFeature([], tf.int64)
      }
    )

    feature = example['feature']
    #print "Feature shape"
    #print feature.get_shape().as_list()
    
    label = tf.cast(example['label'], tf.int32)
    #print "Label shape"
    #print label.get_shape().as_list()
    
    if build_windows:
      
      window_data = tf.compat.v1.py_func(construct_windows, [feature, label, input_length, num_steps, stride], [tf.float32, tf.int32], name="construct_windows")
      
      window_features = window_data[0]
      window_labels = window_data[1]
      
      # Trick to get tensorflow to set the shapes so that the enqueue process works
      window_features.set_shape(tf.TensorShape([tf.compat.v1.Dimension(None), input_length * num_steps]))
      window_features = tf.expand_dims(window_features, 0)
      window_features = tf.squeeze(window_features, [0])
      num_windows = window_features.get_shape().as_list()[0]
      window_labels.set_shape(tf.TensorShape([tf.compat.v1.Dimension(num_windows)]))
      
      features, sparse_labels = tf.compat.v1.train.shuffle_batch(
          [window_features, window_labels],
          batch_size=batch_size,
          num_threads=num_threads,
          capacity= capacity, #batch_size * (num_threads + 2),
          # Ensures a minimum amount of shuffling of examples.
          min_after_dequeue= min_after_dequeue, # 3 * batch_size,
          enqueue_many=True,
          seed=67
        )
      
    else:
    
      features, sparse_labels = tf.compat.v1.train.shuffle_batch(
          [feature, label],
          batch_size=batch_size,
          num_threads=num_threads,
          capacity= capacity, #batch_size * (num_threads + 2),
          # Ensures a minimum amount of shuffling of examples.
          min_after_dequeue= min_after_dequeue, # 3 * batch_size,
          seed=67
        )
    
  return features, sparse_labels


class Config(object):
  max_iterations = 1000
  batch_size = 4
  input_size = 2      # band energies per frame
  num_steps = 3       # frames per window
  frame_stride = 1
  feature_size = 12   # 6 frames of 2 bands
  num_layers = 1


def write_calls(tfrecords_path, cfg):
  rng = np.random.RandomState(67)
  writer = tf.io.TFRecordWriter(tfrecords_path)
  for call in range(4):
    bands = np.round(rng.uniform(0, 1, size=cfg.feature_size) + call, 2).astype(np.float32)
    example = tf.train.Example(features=tf.train.Features(feature={
      'feature': tf.train.Feature(float_list=tf.train.FloatList(value=bands)),
      'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[call % 2])),
    }))
    writer.write(example.SerializeToString())
  writer.close()


def train(tfrecords, save_dir, cfg):
  
  graph = tf.compat.v1.get_default_graph()

  sess_config = tf.compat.v1.ConfigProto(
    log_device_placement=False,
    allow_soft_placement = True,
    gpu_options = tf.compat.v1.GPUOptions(
        per_process_gpu_memory_fraction=0.9
    )
  )
  
  max_iterations = cfg.max_iterations
  batch_size= cfg.batch_size
  input_size = cfg.input_size
  num_steps = cfg.num_steps
  frame_stride = cfg.frame_stride
  feature_size = cfg.feature_size
  
  inputs, labels_sparse = add_inputs(tfrecords, feature_size=feature_size,
    build_windows=True, input_length=input_size, num_steps=num_steps, stride=frame_stride,
    num_epochs=1, 
    batch_size=batch_size,
    num_threads=2,
    capacity=40,
    min_after_dequeue=4
  )
  
  # a softmax over the window (the GRU of the original is left out)
  weights = tf.Variable(tf.zeros([input_size * num_steps, 2]), name='weights')
  logits = tf.matmul(inputs, weights)
  loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels_sparse, logits=logits))
  
  global_step = tf.Variable(0, name='global_step', trainable=False)
  
  learning_rate = tf.compat.v1.train.exponential_decay(
    learning_rate=1.,
    global_step=global_step,
    decay_steps=1000,
    decay_rate=0.5,
    staircase=True
  )

  # Create the optimizer
  optimizer = tf.compat.v1.train.RMSPropOptimizer(
    learning_rate = learning_rate,
    decay = 0.9, # Parameter setting from the arxiv paper
    epsilon = 1.0 #Parameter setting from the arxiv paper
  )

  # Compute the gradients using the loss
  gradients = optimizer.compute_gradients(loss)
  # Apply the gradients
  optimize_op = optimizer.apply_gradients(
    grads_and_vars = gradients,
    global_step = global_step
  )
  
  fetches = [inputs, labels_sparse, optimize_op]
  
  coord = tf.compat.v1.train.Coordinator()
  
  saver = tf.compat.v1.train.Saver()
  
  batches = []
  with tf.compat.v1.Session(graph=graph, config=sess_config) as sess:
    # make sure to initialize all of the variables
    tf.compat.v1.initialize_all_variables().run()
    tf.compat.v1.local_variables_initializer().run()  # added: num_epochs is a local variable

    # launch the queue runner threads
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    
    try:
      step = global_step.eval()
      while step < max_iterations:
        if coord.should_stop():
          break

        t = time.time()
        fetched = sess.run(fetches)
        dt = time.time() - t
        batches.append([np.round(fetched[0], 2).tolist(), fetched[1].tolist()])

        # increment the global step counter
        step = global_step.eval()

        # print print_str % (step, fetched[0], fetched[1], (dt / batch_size) * 1000)
    
    except Exception as e:
      # Report exceptions to the coordinator.
      coord.request_stop(e)
     
    saver.save(
      sess=sess,
      save_path= os.path.join(save_dir, 'model'),
      global_step=step
    )

  # When done, ask the threads to stop. It is innocuous to request stop twice.
  coord.request_stop()
  # And wait for them to actually do it.
  coord.join(threads) 
  return batches, int(step)


def main(data_dir):
  folder = os.path.join(data_dir, 'h67_whale')
  if not os.path.exists(folder):
    os.makedirs(folder)
  cfg = Config()
  tfrecords = os.path.join(folder, 'calls.tfrecords')
  write_calls(tfrecords, cfg)
  batches, step = train([tfrecords], folder, cfg)
  return {'batches': batches, 'end': {'steps': step}}
