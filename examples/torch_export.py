"""A PyTorch model exported to tavla's net format and checked against tavla's evaluation.

Builds an ``nn.Sequential`` of Linear layers with sigmoid activations (198 td198 inputs, 64
hidden units, 5 logistic outputs), writes it as a ``tavla-net-1`` file (docs/nets.rst) and
checks that :meth:`tavla.eval.Net.evaluate` gives the torch forward pass on encoded boards.
torch's ``Linear`` keeps its weight as ``(outputs, inputs)`` and computes ``x @ W.T + b``;
the format wants ``(inputs, outputs)``, hence the transpose. Torch is not a dependency of
tavla: ``pip install torch`` first, then ``python examples/torch_export.py``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np
import torch
from torch import nn

from tavla.eval import Net, encode
from tavla.sim.playout import play_games

ACTIVATIONS = {nn.Sigmoid: "sigmoid", nn.Tanh: "tanh", nn.ReLU: "relu"}


def export(model: nn.Sequential, encoding: str) -> Net:
    """The Net of a Sequential of Linear layers, each but the last followed by one kind of
    activation (sigmoid, tanh or relu), the last by a sigmoid."""
    layers = list(model)
    linears = [layer for layer in layers if isinstance(layer, nn.Linear)]
    kinds = {ACTIVATIONS[type(layer)] for layer in layers[1:-1] if type(layer) in ACTIVATIONS}
    if len(kinds) > 1 or not isinstance(layers[-1], nn.Sigmoid):
        raise ValueError("one hidden activation, and a sigmoid after the last layer")
    weights = [layer.weight.detach().numpy().T.astype(np.float32) for layer in linears]
    biases = [layer.bias.detach().numpy().astype(np.float32) for layer in linears]
    return Net(weights, biases, encoding=encoding, activation=kinds.pop() if kinds else "sigmoid")


def main() -> int:
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(198, 64), nn.Sigmoid(), nn.Linear(64, 5), nn.Sigmoid())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.npz"
        export(model, "td198").save(path)
        net = Net.load(path)
    run = play_games("random", "random", 500, seed=1, truncate=20, progress=False)
    assert run.final_boards is not None
    boards = run.final_boards[run.stopped]
    with torch.no_grad():
        expected = model(torch.from_numpy(encode(boards, "td198"))).numpy().astype(np.float64)
    # tavla clamps the gammon outputs to be consistent with the win output: do the same.
    expected[:, 1] = np.minimum(expected[:, 1], expected[:, 0])
    expected[:, 2] = np.minimum(expected[:, 2], expected[:, 1])
    expected[:, 3] = np.minimum(expected[:, 3], 1 - expected[:, 0])
    expected[:, 4] = np.minimum(expected[:, 4], expected[:, 3])
    difference = float(np.abs(net.evaluate(boards) - expected).max())
    print(f"{net!r} on {len(boards)} boards: largest difference from torch {difference:.2e}")
    return 0 if difference < 1e-5 else 1


if __name__ == "__main__":
    sys.exit(main())
