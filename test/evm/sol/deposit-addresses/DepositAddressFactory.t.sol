// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {DepositAddress} from "../../../../contracts/deposit-addresses/DepositAddress.sol";
import {DepositAddressClone} from "../../../../contracts/deposit-addresses/DepositAddressClone.sol";
import {DepositAddressFactory} from "../../../../contracts/deposit-addresses/DepositAddressFactory.sol";
import {IDepositAddressFactory} from "../../../../contracts/deposit-addresses/IDepositAddressFactory.sol";
import {IRelayDepository} from "../../../../contracts/depository/IRelayDepository.sol";
import {RelayDepository} from "../../../../contracts/depository/RelayDepository.sol";
import {FalseReturnToken} from "../../../../contracts/mocks/FalseReturnToken.sol";
import {FeeMaximisingSweeper} from "../../../../contracts/mocks/FeeMaximisingSweeper.sol";
import {MockERC20} from "../../../../contracts/mocks/MockERC20.sol";
import {ReentrantToken} from "../../../../contracts/mocks/ReentrantToken.sol";
import {TestBase, Vm} from "../Vm.sol";

/// Strict deposit addresses against the devnet's depository: a plain payment to the predicted address is
/// swept by anyone into the depository under the order id for the depositor, and nothing a sweeper controls
/// moves value elsewhere, splits it, or pays the sweeper.
contract DepositAddressFactoryTest is TestBase {
    RelayDepository internal depository;
    DepositAddressFactory internal factory;
    MockERC20 internal usdc;

    bytes32 internal constant ORDER = keccak256("order-1");
    address internal constant USER = address(0xA11CE);
    address internal constant STRANGER = address(0xBAD);

    bytes32 internal constant NATIVE_DEPOSIT = keccak256("RelayNativeDeposit(address,uint256,bytes32)");
    bytes32 internal constant ERC20_DEPOSIT = keccak256("RelayErc20Deposit(address,address,uint256,bytes32)");
    bytes32 internal constant DEPLOYED = keccak256("DepositAddressDeployed(bytes32,address,address)");

    function setUp() public {
        depository = new RelayDepository(address(this));
        factory = new DepositAddressFactory(address(depository));
        usdc = new MockERC20("USD Coin", "USDC", 6);
    }

    function _tokens(address a) internal pure returns (address[] memory t) {
        t = new address[](1);
        t[0] = a;
    }

    function _tokens(address a, address b) internal pure returns (address[] memory t) {
        t = new address[](2);
        t[0] = a;
        t[1] = b;
    }

    /// The depository deposit events of the recorded logs, and whether the clone was deployed.
    function _deposits() internal returns (Vm.Log[] memory out, uint256 deployed) {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        out = new Vm.Log[](logs.length);
        uint256 n;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(factory) && logs[i].topics[0] == DEPLOYED) deployed++;
            if (logs[i].emitter != address(depository)) continue;
            out[n++] = logs[i];
        }
        assembly ("memory-safe") {
            mstore(out, n)
        }
    }

    function _assertNative(Vm.Log memory log, address depositor, uint256 amount, bytes32 id) internal pure {
        assertEq(log.topics[0], NATIVE_DEPOSIT, "native deposit event");
        (address from, uint256 value, bytes32 orderId) = abi.decode(log.data, (address, uint256, bytes32));
        assertEq(from, depositor, "credited depositor");
        assertEq(value, amount, "native amount");
        assertEq(orderId, id, "order id");
    }

    function _assertErc20(Vm.Log memory log, address depositor, address token, uint256 amount, bytes32 id)
        internal
        pure
    {
        assertEq(log.topics[0], ERC20_DEPOSIT, "erc20 deposit event");
        (address from, address t, uint256 value, bytes32 orderId) =
            abi.decode(log.data, (address, address, uint256, bytes32));
        assertEq(from, depositor, "credited depositor");
        assertEq(t, token, "token");
        assertEq(value, amount, "token amount");
        assertEq(orderId, id, "order id");
    }

    function test_ComputeMatchesTheLibraryAndTheDeployedClone() public {
        address predicted = factory.computeDepositAddress(ORDER, USER);
        assertEq(
            predicted,
            DepositAddressClone.predict(address(factory), factory.IMPLEMENTATION(), ORDER, USER),
            "library prediction"
        );
        assertEq(predicted.code.length, 0, "counterfactual before the first sweep");
        factory.sweep(ORDER, USER, new address[](0));
        assertEq(keccak256(predicted.code), keccak256(_runtimeOf(factory.IMPLEMENTATION())), "clone runtime");
    }

    function _runtimeOf(address implementation) internal pure returns (bytes memory) {
        return abi.encodePacked(hex"3d3d3d3d363d3d37363d73", implementation, hex"5af43d3d93803e602a57fd5bf3");
    }

    function testFuzz_ComputeEqualsDeployedAddress(bytes32 orderId, address depositor) public {
        vm.assume(depositor != address(0));
        address predicted = factory.computeDepositAddress(orderId, depositor);
        vm.recordLogs();
        factory.sweep(orderId, depositor, new address[](0));
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 1, "one deployment event");
        assertEq(abi.decode(logs[0].data, (address)), predicted, "deployed at the predicted address");
    }

    function test_StrangerSweepCreditsTheBoundOrderAndDepositorOnly() public {
        address da = factory.computeDepositAddress(ORDER, USER);
        vm.deal(USER, 1 ether);
        vm.prank(USER);
        (bool ok,) = da.call{value: 0.4 ether}("");
        assertTrue(ok, "plain transfer to the counterfactual address");
        usdc.mint(da, 250e6);
        uint256 strangerBefore = STRANGER.balance;

        vm.recordLogs();
        vm.prank(STRANGER);
        factory.sweep(ORDER, USER, _tokens(address(0), address(usdc)));
        (Vm.Log[] memory deposits, uint256 deployed) = _deposits();

        assertEq(deployed, 1, "deployed on the first sweep");
        assertEq(deposits.length, 2, "one deposit per currency");
        _assertNative(deposits[0], USER, 0.4 ether, ORDER);
        _assertErc20(deposits[1], USER, address(usdc), 250e6, ORDER);
        assertEq(address(depository).balance, 0.4 ether, "depository holds the native payment");
        assertEq(usdc.balanceOf(address(depository)), 250e6, "depository holds the tokens");
        assertEq(da.balance + usdc.balanceOf(da), 0, "address emptied");
        assertEq(STRANGER.balance, strangerBefore, "the sweeper is paid nothing");
        assertEq(usdc.allowance(da, address(depository)), 0, "no allowance left behind");
    }

    /// Attack: a stranger names itself as depositor (or calls the clone directly) to take the credit.
    function test_AttackRedirectCredit_AnotherPairIsAnotherEmptyAddress() public {
        address da = factory.computeDepositAddress(ORDER, USER);
        vm.deal(da, 1 ether);

        vm.recordLogs();
        vm.prank(STRANGER);
        factory.sweep(ORDER, STRANGER, _tokens(address(0)));
        (Vm.Log[] memory deposits, uint256 deployed) = _deposits();
        assertEq(deployed, 1, "the stranger's sweep ran and deployed its own pair's address");
        assertEq(deposits.length, 0, "nothing deposited for the stranger");
        assertEq(da.balance, 1 ether, "the user's payment stays where it was");

        factory.sweep(ORDER, USER, new address[](0));
        vm.prank(STRANGER);
        vm.expectRevert(abi.encodeWithSelector(DepositAddress.NotFactory.selector, STRANGER));
        DepositAddress(payable(da)).sweep(address(0), STRANGER, keccak256("other order"));
        assertEq(da.balance, 1 ether, "a direct call to the clone moves nothing");
    }

    function test_SecondSweepDepositsOnlyWhatArrivedSince() public {
        address da = factory.computeDepositAddress(ORDER, USER);
        vm.deal(da, 1 ether);
        factory.sweep(ORDER, USER, _tokens(address(0)));

        vm.recordLogs();
        factory.sweep(ORDER, USER, _tokens(address(0)));
        (Vm.Log[] memory deposits, uint256 deployed) = _deposits();
        assertEq(deployed + deposits.length, 0, "an empty second sweep deploys and deposits nothing");

        vm.deal(da, 0.25 ether);
        vm.recordLogs();
        factory.sweep(ORDER, USER, _tokens(address(0)));
        (deposits, deployed) = _deposits();
        assertEq(deployed, 0, "no second deployment");
        assertEq(deposits.length, 1, "the new payment only");
        _assertNative(deposits[0], USER, 0.25 ether, ORDER);
        assertEq(address(depository).balance, 1.25 ether, "both payments in the depository");
    }

    /// A token whose transfer the depository cannot complete is refused as a whole: nothing is credited
    /// for it and it stays at the address, while other currencies still sweep in their own call.
    function test_TokenTheDepositoryRefusesRevertsAndStays() public {
        FalseReturnToken bad = new FalseReturnToken();
        address da = factory.computeDepositAddress(ORDER, USER);
        bad.mint(da, 5e18);
        vm.deal(da, 1 ether);

        vm.expectRevert(abi.encodeWithSelector(SafeERC20.SafeERC20FailedOperation.selector, address(bad)));
        factory.sweep(ORDER, USER, _tokens(address(0), address(bad)));
        assertEq(bad.balanceOf(da), 5e18, "refused token stays at the address");
        assertEq(da.balance, 1 ether, "the reverted call moved no native either");

        vm.recordLogs();
        factory.sweep(ORDER, USER, _tokens(address(0)));
        (Vm.Log[] memory deposits,) = _deposits();
        assertEq(deposits.length, 1, "native sweeps on its own");
        _assertNative(deposits[0], USER, 1 ether, ORDER);
    }

    /// Attack: a hostile token re-enters the sweep from inside the depository's pull.
    function test_AttackReentrancy_HostileTokenCannotReenterTheSweep() public {
        ReentrantToken hostile = new ReentrantToken();
        address da = factory.computeDepositAddress(ORDER, USER);
        hostile.mint(da, 7e18);
        vm.deal(da, 1 ether);
        hostile.arm(address(factory), abi.encodeCall(IDepositAddressFactory.sweep, (ORDER, USER, _tokens(address(0)))));

        // The guard's error is raised only by the nested call: the re-entry was made, and refused.
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        factory.sweep(ORDER, USER, _tokens(address(hostile)));
        assertEq(hostile.balanceOf(da), 7e18, "tokens stay");
        assertEq(da.balance, 1 ether, "native stays");
        assertEq(address(depository).balance, 0, "nothing deposited by the nested sweep");
    }

    /// Attack (audit 2026-03, fee maximisation by a permissionless sweeper): padded token lists and repeated
    /// sweeps in one transaction, to multiply deposit events (each a deposit a per-deposit fee could be
    /// charged on), split one payment, or be paid for the gas. The payment lands as exactly one deposit per
    /// currency, whole, and the sweeper gains nothing.
    function test_AttackFeeMaximisation_PaddedAndRepeatedSweepsYieldOneWholeDeposit() public {
        FeeMaximisingSweeper sweeper = new FeeMaximisingSweeper();
        MockERC20 neverHeld = new MockERC20("Other", "OTH", 18);
        address da = factory.computeDepositAddress(ORDER, USER);
        vm.deal(da, 0.6 ether);
        usdc.mint(da, 99e6);
        address[] memory padded = new address[](6);
        (padded[0], padded[1], padded[2]) = (address(0), address(usdc), address(neverHeld));
        (padded[3], padded[4], padded[5]) = (address(usdc), address(0), address(neverHeld));

        vm.recordLogs();
        sweeper.attack(factory, ORDER, USER, padded, 5);
        (Vm.Log[] memory deposits, uint256 deployed) = _deposits();

        assertEq(deployed, 1, "the attacker's transaction ran the sweeps (and deployed the address)");
        assertEq(deposits.length, 2, "30 token sweeps, one deposit per currency held");
        _assertNative(deposits[0], USER, 0.6 ether, ORDER);
        _assertErc20(deposits[1], USER, address(usdc), 99e6, ORDER);
        assertEq(address(sweeper).balance + usdc.balanceOf(address(sweeper)), 0, "the sweeper is paid nothing");
    }

    function test_ZeroDepositorRefused() public {
        vm.expectRevert(DepositAddressFactory.ZeroDepositor.selector);
        factory.sweep(ORDER, address(0), _tokens(address(0)));
    }

    function test_ImplementationIsBoundToItsFactoryAndDepository() public view {
        DepositAddress implementation = DepositAddress(payable(factory.IMPLEMENTATION()));
        assertEq(implementation.FACTORY(), address(factory), "factory");
        assertEq(implementation.DEPOSITORY(), address(depository), "depository");
        assertEq(factory.DEPOSITORY(), address(depository), "factory's depository");
        IRelayDepository(address(depository));
    }
}
