import os

from tensorflow.compat.v1 import Session, errors, local_variables_initializer, train

from fixj_lib.hits import hit_block


def write_runs(base):
    os.makedirs(base, exist_ok=True)
    names = []
    for run in range(4):
        name = os.path.join(base, "hits%d.txt" % run)
        with open(name, "w") as f:
            for ev in range(5):
                f.write("%d,%.2f\n" % (run * 100 + ev, ev - run * 0.25))
        names.append(name)
    return names


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "fixj_c"))
    names = train.string_input_producer(files, num_epochs=1, shuffle=False)
    first = names.dequeue_up_to(2)
    blocks = [hit_block(names) for _ in range(2)]
    evt, x = train.batch_join(blocks, batch_size=4, capacity=20, enqueue_many=True, allow_smaller_final_batch=True)
    out = []
    sess = Session()
    sess.run(local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            e, v = sess.run([evt, x])
            out.append([e.tolist(), v.tolist()])
    except errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
