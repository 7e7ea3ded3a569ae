"""``from tensorflow.compat.v1 import train``: a one-tensor slice producer of a module constant in a helper that
takes no argument, shuffled over two epochs; the caller batches (a multiset)."""
from tensorflow.compat.v1 import Session, constant, errors, local_variables_initializer, train

VALUES = [3, 1, 4, 1, 5, 9, 2, 6]


def get_value():
  queue = train.slice_input_producer([constant(VALUES)], num_epochs=2, shuffle=True, seed=7)
  doubled = queue[0] * 10
  return doubled


def main(data_dir):
  value = get_value()
  batch = train.batch([value], batch_size=4)
  batches = []
  with Session() as sess:
    sess.run(local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        batches.append([sess.run(batch).tolist()])
    except errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
